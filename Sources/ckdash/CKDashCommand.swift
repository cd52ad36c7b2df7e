import ArgumentParser

/// The `ckdash` command: the dashboard's scriptable side.
@main
struct CKDashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckdash",
        abstract: "Administer CloudKit-style containers from the terminal.",
        version: "0.1.0",
        subcommands: [
            OpenCommand.self, SchemaCommand.self, RecordsCommand.self, ContainersCommand.self, ZonesCommand.self, SubscriptionsCommand.self, UsersCommand.self,
            TokensCommand.self, AuditCommand.self, LogsCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )
}
