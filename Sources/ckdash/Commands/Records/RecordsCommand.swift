import ArgumentParser

/// `ckdash records`: query, look up, create, update, delete, export and import a container's records.
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "Query, look up, create, update, delete, export and import records.",
        subcommands: [
            RecordsQueryCommand.self, RecordsLookupCommand.self, RecordsCreateCommand.self, RecordsUpdateCommand.self,
            RecordsDeleteCommand.self, RecordsExportCommand.self, RecordsImportCommand.self,
        ]
    )
}
