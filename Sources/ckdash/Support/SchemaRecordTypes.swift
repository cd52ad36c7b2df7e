import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// Record types read from the server's schema, to type the values commands read as text.
enum SchemaRecordTypes {
    /// The record type named `name` in the schema of the client's environment; `nil` when the schema has no
    /// such type yet (values are then guessed, as cktool does).
    static func recordType(named name: String, client: CloudKitClient) async throws -> RecordType? {
        let response = try await client.schema()
        do {
            return try SchemaParser.parse(response.ckdb).canonical.recordType(named: name)
        } catch {
            throw CommandFailure("the server's schema cannot be read: \(error)")
        }
    }

    /// The record type named `name`, or a failure when the schema does not have it.
    static func requireRecordType(named name: String, client: CloudKitClient) async throws -> RecordType {
        guard let recordType = try await recordType(named: name, client: client) else {
            throw CommandFailure("the schema has no record type \(name)")
        }
        return recordType
    }
}
