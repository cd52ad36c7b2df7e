import ArgumentParser
import CKModel

/// The filters `ckdash logs` and `ckdash telemetry` share: operation, error and platform, and whose container.
struct RequestFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this operation (records/modify) or kind of operation (records, zones).", valueName: "operation"))
    var operation: String?

    @Option(help: ArgumentHelp("Only requests that failed with this code (CONFLICT), as a whole or in an item; any for every failure.", valueName: "code"))
    var error: String?

    @Option(help: ArgumentHelp("Only requests from this platform (iOS, macOS, Linux …).", valueName: "platform"))
    var platform: String?

    @Flag(help: "Every container's requests, not only those of the container given with --container (or CKDASH_CONTAINER).")
    var allContainers = false

    /// The filter these options name, with the connection's container, and its environment and database when the
    /// command line named them.
    func filter(_ settings: ConnectionSettings, connection: ConnectionOptions) -> ManagementLogs.Filter {
        ManagementLogs.Filter(
            container: allContainers ? nil : settings.container, environment: connection.environment.map { _ in settings.environment },
            database: connection.database.map { _ in settings.database }, operation: operation, errorCode: error, platform: platform)
    }
}
