import CommandLineSupport
import ArgumentParser

/// `ckdash schema`: work with `.ckdb` schema files, no server needed.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Format, lint and diff CloudKit schema files (.ckdb).",
        subcommands: [SchemaFormatCommand.self, SchemaLintCommand.self, SchemaDiffCommand.self]
    )
}
