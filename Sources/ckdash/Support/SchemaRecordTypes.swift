import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// Record types read from the server's schema, to type the values commands read as text.
enum SchemaRecordTypes {
    /// The record type named `name` in the schema of the client's environment; `nil` when the schema has no
    /// such type yet (values are then guessed, as cktool does).
    static func recordType(named name: String, client: CloudKitClient) async throws -> RecordType? {
        try await client.parsedSchema().recordType(named: name)
    }

    /// The record type named `name` for reading or writing a file of `format`: CSV's columns come from the
    /// schema, so for CSV a type the schema does not have is a failure.
    static func recordType(named name: String, for format: RecordFileFormat, client: CloudKitClient) async throws -> RecordType? {
        let recordType = try await recordType(named: name, client: client)
        if format == .csv, recordType == nil {
            throw CommandFailure("the schema has no record type \(name), which a CSV file's columns need")
        }
        return recordType
    }
}
