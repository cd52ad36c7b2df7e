import ArgumentParser

/// The `ckserver` command: run the CloudKit-compatible server and set it up from the shell.
@main
struct CKServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckserver",
        abstract: "A self-hosted, CloudKit Web Services compatible sync server.",
        version: "0.1.0",
        subcommands: [
            ContainerCommand.self, TokenCommand.self, APITokenCommand.self, UserCommand.self, KeyCommand.self,
            SchemaCommand.self, ServeCommand.self, MigrateCommand.self,
        ]
    )
}
