import ArgumentParser
import CommandLineSupport

/// `ckdash schema`: `.ckdb` files and the container's schemas on the server.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Export, import, validate, diff, deploy and reset a container's schema; format and lint .ckdb files.",
        subcommands: [
            SchemaExportCommand.self, SchemaImportCommand.self, SchemaValidateCommand.self, SchemaDiffCommand.self, SchemaDeployCommand.self,
            SchemaResetCommand.self, SchemaLintCommand.self, SchemaHistoryCommand.self, SchemaFormatCommand.self,
        ]
    )
}
