import ArgumentParser
import CKServer
import Foundation
import Logging

/// `ckbench serve-folder`: the benchmark's server in a process of its own, so that `ckbench server` reads the
/// server's CPU time apart from its own. Prints the server's URL, and stops once its standard input closes (when
/// the benchmark ends, however it ends).
struct ServeFolderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-folder", abstract: "Serve a benchmark's data folder until standard input closes (used by ckbench server).",
        shouldDisplay: false)

    @Option(help: "The data folder.")
    var data: String

    @Option(help: "The PostgreSQL database to serve instead of the folder's SQLite file.")
    var postgres: String?

    @Flag(help: "Keep no request log and no telemetry.")
    var noRequestLog = false

    func run() async throws {
        AllocatorTuning.tuneForServing()
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
        if noRequestLog {
            configuration.requestLogRetention = .zero
            configuration.keepsTelemetry = false
        }
        let engine = try postgres.map { StorageEngine.postgres(try PostgresLocation(url: $0)) } ?? .sqlite
        let storage = try await engine.open(configuration)
        let logger = Logger(label: "ckbench") { ServerLogHandler(label: $0, level: .error) }
        let server = try await LoopbackServer.start(services: ServerServices(storage: storage, configuration: configuration), logger: logger)
        FileHandle.standardOutput.write(Data("\(server.url.absoluteString)\n".utf8))
        await Self.endOfInput()
        await server.stop()
    }

    /// Returns once standard input is at its end, read on a thread of its own.
    private static func endOfInput() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                done.resume()
            }
        }
    }
}
