import ArgumentParser
import CKClient

/// The `ckdash` command: the dashboard's scriptable side.
@main
struct CKDashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckdash",
        abstract: "Administer CloudKit-style containers from the terminal.",
        version: "0.1.0",
        subcommands: [
            OpenCommand.self, SchemaCommand.self, RecordsCommand.self, ContainersCommand.self, ZonesCommand.self, SubscriptionsCommand.self, UsersCommand.self,
            TokensCommand.self, AuditCommand.self, LogsCommand.self, TelemetryCommand.self, AlertsCommand.self,
            NotificationsCommand.self, ModelCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// What ckdash's requests say they come from, for the server's request log.
    static var userAgent: String {
        "ckdash/\(configuration.version) (\(ClientConfiguration.platform))"
    }
}
