import ArgumentParser
import CKModel
import CKServer
import Foundation
import Logging

/// `ckserver serve`: run the server until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server.",
        discussion: """
            Logs one line per request, and keeps a request log of the data API's requests that `ckdash logs` and \
            GET /management/1/logs read. SIGINT or SIGTERM stop it cleanly, after the requests in flight.
            """)

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

    @Option(help: ArgumentHelp(
        "How long the request log keeps an entry, such as 7d, 48h or 90m; 0 keeps no request log.", valueName: "time"))
    var logRetention = "7d"

    @Option(help: ArgumentHelp("The most entries the request log keeps; the oldest are deleted first.", valueName: "count"))
    var logCapacity = ServerConfiguration(dataDirectory: URL(fileURLWithPath: ".")).requestLogCapacity

    @Flag(help: "Answer /metrics to anyone; without it, only to a management token for every container.")
    var publicMetrics = false

    @OptionGroup var data: DataOptions

    /// The request log's retention `--log-retention` names.
    private var retention: Duration? {
        logRetention == "0" ? .zero : AuditTime.seconds(in: logRetention).map { .seconds($0) }
    }

    func validate() throws {
        if let publicURL, URL(string: publicURL)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--public-url must be an http:// or https:// address, such as https://ck.example.com")
        }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be at least 1") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be at least 1 second") }
        guard retention != nil else { throw ValidationError("--log-retention must be a time such as 7d, 48h or 90m, or 0 for no request log") }
        guard logCapacity > 0 else { throw ValidationError("--log-capacity must be at least 1") }
    }

    func run() async throws {
        LoggingSystem.bootstrap { ServerLogHandler(label: $0, level: .info) }
        try await runReportingFailures {
            var configuration = data.configuration
            configuration.publicURL = publicURL
            configuration.limits.connections = maxConnections
            configuration.limits.idleTimeout = .seconds(idleTimeout)
            configuration.requestLogRetention = retention ?? .zero
            configuration.requestLogCapacity = logCapacity
            configuration.metricsArePublic = publicMetrics
            AllocatorTuning.tuneForServing()
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
