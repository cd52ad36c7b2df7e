import CKServer
import CKTestSupport
import Foundation
import GRDB
import Logging

/// A fresh demo server's data folder, made once per test run and copied for each test: filling the demo
/// container costs about a second of CPU, and two hundred dashboard tests start a demo server each.
///
/// The copy is what a first start leaves (the database with the demo container, the dashboard's token, the
/// assets), its database copied by SQLite's online backup, so that no write-ahead log is half copied.
enum DemoTemplate {
    /// The folder copies are made from, filled on first use.
    private static let snapshot = Task { try await makeSnapshot() }

    /// Fills `folder`, which must not exist, with a copy of the template.
    static func copy(to folder: URL) async throws {
        try FileManager.default.copyItem(at: try await snapshot.value, to: folder)
    }

    /// Starts and stops an embedded server on a new folder, then copies what it left to another, the database
    /// through SQLite.
    private static func makeSnapshot() async throws -> URL {
        let temporary = FileManager.default.temporaryDirectory
        let started = temporary.appendingPathComponent("dashboard-demo-\(UUID().uuidString)")
        let snapshot = URL(fileURLWithPath: path)
        defer { try? FileManager.default.removeItem(at: started) }
        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        try await EmbeddedServer.start(dataDirectory: started, logger: logger).stop()
        try? FileManager.default.removeItem(at: snapshot)
        try FileManager.default.createDirectory(at: snapshot, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: DemoTemplate.path) }
        let database = ServerConfiguration(dataDirectory: started).databaseURL
        for file in try FileManager.default.contentsOfDirectory(atPath: started.path) where !file.hasPrefix(database.lastPathComponent) {
            try FileManager.default.copyItem(at: started.appendingPathComponent(file), to: snapshot.appendingPathComponent(file))
        }
        let copied = ServerConfiguration(dataDirectory: snapshot).databaseURL
        try await BlockingCall.run {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(10)
            try DatabasePool(path: database.path, configuration: configuration).backup(to: DatabaseQueue(path: copied.path))
        }
        return snapshot
    }

    /// Where the template is: one folder per test process, removed when it exits.
    fileprivate static let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("dashboard-demo-template-\(ProcessInfo.processInfo.processIdentifier)").path
}
