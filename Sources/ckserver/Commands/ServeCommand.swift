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

    @Option(help: ArgumentHelp("The most connections open at once; past it a connection is answered TRY_AGAIN_LATER and closed.", valueName: "count"))
    var maxConnections = ServerLimits().connections

    @Option(help: ArgumentHelp(
        "Seconds a connection may send nothing (no request head, no body part, no new request) before it is closed.", valueName: "seconds"))
    var idleTimeout = Int(ServerLimits().idleTimeout.components.seconds)

    @OptionGroup var data: DataOptions

    func validate() throws {
        if let publicURL, URL(string: publicURL)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--public-url must be an http:// or https:// address, such as https://ck.example.com")
        }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be at least 1") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be at least 1 second") }
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
            configuration.limits.connections = maxConnections
            configuration.limits.idleTimeout = .seconds(idleTimeout)
            let descriptors = DescriptorLimit.raise()
            if descriptors > 0, descriptors < UInt64(maxConnections) * 2 {
                Logger(label: "ckserver").warning(
                    "the process may open \(descriptors) files: --max-connections \(maxConnections) leaves too few for refusals and the database; raise ulimit -n")
            }
            if publicURL == nil, !PublicAddress.isLoopback(host) {
                Logger(label: "ckserver").warning(
                    "no --public-url: the URLs handed out (uploads, downloads, courier, sign-in) are built from each request's checked Host header")
            }
            let services = ServerServices(storage: try await data.openStorage(), configuration: configuration)
            try await runServer(services: services, host: host, port: port)
        }
    }
}
