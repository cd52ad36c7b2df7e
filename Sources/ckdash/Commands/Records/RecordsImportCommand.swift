import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// `ckdash records import FILE`: create the records of a JSON lines or CSV file, in batches, resumably.
struct RecordsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create the records of a JSON lines or CSV file (as `records export` writes them).",
        discussion: """
            Sends batches of creations and prints a line per batch. Progress is kept in FILE.ckdash-import \
            after each batch that fully succeeded: after a failure, fix the file and run the same command \
            to resume. Records already on the server count as "already there", and a record without a name \
            gets one made from its line, so each record is created exactly once. The journal is removed \
            when the import completes.
            """)

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: ArgumentHelp("The record type.", valueName: "type"))
    var type: String

    @Option(help: ArgumentHelp("jsonl or csv (by default csv for a .csv file, else jsonl).", valueName: "format"))
    var format: RecordFileFormat?

    @Flag(help: "Read and check every line, and send nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Records per request.", valueName: "n"))
    var batchSize = 200

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        guard (1...400).contains(batchSize) else { throw ValidationError("--batch-size must be between 1 and 400") }
    }

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            let format = RecordFileFormat.resolved(format, path: file)
            let recordType = try await SchemaRecordTypes.recordType(named: type, for: format, client: client, settings: settings)
            let reader = try ImportFileReader(path: file, format: format, typeName: type, recordType: recordType)
            if dryRun {
                return try check(reader)
            }
            let journal = ImportJournal(linesDone: 0, container: try settings.requireContainer().rawValue, recordType: type)
            var importer = RecordImport(
                client: client, zone: zone, journalPath: ImportJournal.path(for: file), journal: journal, json: records.json)
            try await importer.run(reader, batchSize: batchSize)
        }
    }

    /// Reads every entry, reporting each invalid line and the counts; fails when any line is invalid.
    private func check(_ reader: ImportFileReader) throws {
        var valid = 0
        var invalid = 0
        while let entry = try reader.next() {
            switch entry.record {
            case .success: valid += 1
            case .failure(let problem):
                invalid += 1
                StandardError.write("line \(entry.lines.lowerBound): \(problem)")
            }
        }
        print("Dry run: \(valid) valid record\(valid == 1 ? "" : "s"), \(invalid) invalid; nothing was sent.")
        if invalid > 0 { throw ExitCode.failure }
    }
}
