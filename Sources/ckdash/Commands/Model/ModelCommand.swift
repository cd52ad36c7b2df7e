import ArgumentParser

/// `ckdash model`: Core Data models beside CloudKit schemas.
struct ModelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Check a Core Data model against a CloudKit environment, or print the schema it mirrors to.",
        subcommands: [ModelCheckCommand.self, ModelSchemaCommand.self])
}
