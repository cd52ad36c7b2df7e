import ArgumentParser
import CKServer
import Foundation
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

    @Option(help: ArgumentHelp(
        "The address clients reach the server at, such as https://ck.example.com, for the URLs it hands out (upload, download, courier, sign-in); by default http:// and the Host each request was sent to.",
        valueName: "url"))
    var publicURL: String?

    @OptionGroup var data: DataOptions

    func validate() throws {
        if let publicURL, URL(string: publicURL)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--public-url must be an http:// or https:// address, such as https://ck.example.com")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        try await runReportingFailures {
            var configuration = data.configuration
            configuration.publicURL = publicURL
            let services = ServerServices(storage: try data.openStorage(), configuration: configuration)
            try await runServer(services: services, host: host, port: port)
        }
    }
}
