import ArgumentParser
import CKServer
import Logging

/// `ckserver serve`: run the server until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server.",
        discussion: "Logs one line per request. SIGINT or SIGTERM stop it cleanly, after the requests in flight.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @OptionGroup var data: DataOptions

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        try await runReportingFailures {
            let services = ServerServices(storage: try data.openStorage(), configuration: data.configuration)
            try await runServer(services: services, host: host, port: port)
        }
    }
}
