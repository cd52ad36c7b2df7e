import CKClient
import CKModel
import CKServer
import CommandLineSupport
import Dashboard
import Foundation
import Logging
import TerminalKit

/// The dashboard's terminal scenarios: a fresh data folder whose `Party` type holds `records` records, the
/// embedded server on it, and the dashboard on a pseudo-terminal through ncurses, talking to the server over
/// HTTP as `ckdash` does.
struct TerminalBenchmark {
    let records: Int
    let scroll: Int
    let size: Size
    static let container = ContainerID(rawValue: "iCloud.com.example.Bench")!

    /// The benchmark's record type: `ckbench server`'s with two fields more, so that a row of the table has
    /// about as much text as a real one.
    static let schema = ServerBenchmark.schema(adding: ["startsAt TIMESTAMP", "venue STRING"])

    private static let venues = ["Town Hall, Main Street", "Riverside Pavilion", "The Old Mill", "Rooftop 12", "Garden Room"]

    /// The fields of record `index`: `ckbench server`'s, an hour apart from 2026-01-01, at one of five venues.
    static func fields(_ index: Int) -> [String: FieldValue] {
        var fields = ServerBenchmark.fields(index)
        fields["startsAt"] = .timestamp(Timestamp(millisecondsSince1970: 1_767_225_600_000 + Int64(index) * 3_600_000))
        fields["venue"] = .string(venues[index % venues.count])
        return fields
    }

    /// Sets up the data and the server, runs the scenarios, and stops the server.
    func run() async throws -> [BenchmarkFigure] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await fill(folder)
        // What writing a million records left freed is not the dashboard's: ckdash opens a folder already filled.
        AllocatorArenas.releaseFreedMemory()
        let server = try await EmbeddedServer.start(dataDirectory: folder, logger: Logger(label: "ckserver") { _ in SwiftLogNoOpLogHandler() })
        let client = CloudKitClient(configuration: ClientConfiguration(
            serverURL: server.url, container: nil, credentials: .managementToken(server.managementToken), retryPolicy: .never,
            requestTimeout: .seconds(30)))
        let configuration = DashboardConfiguration(
            client: client, container: Self.container, timeZone: TimeZone(identifier: "UTC")!)
        let (records, scroll, size) = (records, scroll, size)
        let outcome = await Self.onOwnThread {
            try TerminalScenarios(configuration: configuration, size: size, records: records, scroll: scroll).run()
        }
        try? await client.shutdown()
        await server.stop()
        return try outcome.get()
    }

    /// Makes `folder` a server data folder with the container, the type, and its records: the first 200 through
    /// the record service (which creates the zone), the rest written straight with GRDB.
    private func fill(_ folder: URL) async throws {
        let configuration = ServerConfiguration(dataDirectory: folder)
        let storage = try await StorageEngine.sqlite.open(configuration)
        let container = try await ContainerService(storage: storage).create(Self.container)
        _ = try await SchemaService(storage: storage).importDevelopment(Self.schema, into: Self.container)
        let access = DatabaseAccess(
            container: container, environment: .development, database: .public,
            caller: .developer(userRecordName: container.developerRecordName), serverURL: "")
        let throughService = min(records, 200)
        let operations = (0..<throughService).map { index in
            RecordOperation(.create, Record(recordName: "party-\(index)", recordType: "Party", fields: Self.fields(index)))
        }
        _ = try await RecordService(storage: storage).modify(RecordsModify.Request(operations: operations), access: access)
        guard records > throughService else { return }
        try DirectInsert(serverDatabase: configuration.databaseURL.path, container: Self.container, written: throughService, fields: Self.fields)
            .fill(records - throughService)
    }

    /// Runs `body` on a thread of its own, as `ckdash` runs the dashboard's loop: the loop's waiting then never
    /// holds up the tasks that fetch for it.
    private static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Result(catching: body))
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
