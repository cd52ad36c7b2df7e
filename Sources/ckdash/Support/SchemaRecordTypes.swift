import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// Record types read from the environment's schema, to type the values commands read as text: the `--schema`
/// file when one is given, else the server's through its management API; with neither (data API credentials
/// only, as on Apple's CloudKit) values are guessed, as cktool does.
enum SchemaRecordTypes {
    /// The record type named `name` in the schema of the client's environment; `nil` when the schema has no
    /// such type yet, or when there is no schema to read.
    static func recordType(named name: String, client: CloudKitClient, settings: ConnectionSettings) async throws -> RecordType? {
        if let file = settings.schemaFile {
            return try SchemaFile(path: file).parse().recordType(named: name)
        }
        guard settings.token != nil else { return nil }
        return try await client.parsedSchema().recordType(named: name)
    }

    /// The record type named `name` for reading or writing a file of `format`: CSV's columns come from the
    /// schema, so for CSV a type the schema does not have is a failure.
    static func recordType(
        named name: String, for format: RecordFileFormat, client: CloudKitClient, settings: ConnectionSettings
    ) async throws -> RecordType? {
        let recordType = try await recordType(named: name, client: client, settings: settings)
        if format == .csv, recordType == nil {
            let schema = settings.schemaFile ?? (settings.token == nil ? nil : "the schema")
            throw CommandFailure(
                schema.map { "\($0) has no record type \(name), which a CSV file's columns need" }
                    ?? "a CSV file's columns come from the schema: give --schema FILE.ckdb (cktool export-schema) or use JSON lines")
        }
        return recordType
    }
}
