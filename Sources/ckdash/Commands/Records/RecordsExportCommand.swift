import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// `ckdash records export`: every record of a type matching the filters, streamed page by page to JSON
/// lines or CSV.
struct RecordsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the records of a type to JSON lines or CSV.",
        discussion: """
            JSON lines hold each record in CloudKit's wire JSON. CSV has a recordName column and a column per \
            field of the type in the schema, values written as --field takes them. Pages are written as they \
            arrive, so any number of records fits. `records import` reads both back.
            """)

    @OptionGroup var query: QueryOptions

    @Option(help: ArgumentHelp("jsonl or csv (by default csv for a .csv output file, else jsonl).", valueName: "format"))
    var format: RecordFileFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Write the type's encrypted fields too; without it they are left out, and said so.")
    var includeEncrypted = false

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        guard query.type != nil else { throw ValidationError("give the record type with --type T") }
    }

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            let typeName = try query.requireType()
            let format = RecordFileFormat.resolved(format, path: output)
            let recordType = try await SchemaRecordTypes.recordType(named: typeName, for: format, client: client, settings: settings)
            let writer = RecordFileWriter(format: format, recordType: recordType, includesEncrypted: includeEncrypted)
            if !writer.leftOut.isEmpty {
                StandardError.write("Leaving out the encrypted fields \(writer.leftOut.joined(separator: ", ")): --include-encrypted writes them.")
            }
            let file = try OutputFile(path: output)
            try file.write(writer.header)
            let progress = ProgressLine(counting: "records")
            var count = 0
            for try await page in client.queryPages(try query.query(typed: recordType), in: zone) {
                var text = ""
                for result in page.records {
                    text += writer.line(try result.get())
                }
                try file.write(text)
                count += page.records.count
                progress.advance(by: page.records.count)
            }
            progress.finish()
            try file.close()
            let summary = "Exported \(count) record\(count == 1 ? "" : "s") of \(typeName)\(file.path.map { " to \($0)" } ?? "")."
            if file.path == nil {
                StandardError.write(summary)
            } else if records.json {
                print(try JSONOutput.string(["records": count]))
            } else {
                print(summary)
            }
        }
    }
}
