import Foundation

extension Record {
    /// The record with `encodedFields` read back into `fields`: what an in-process caller of a server's service
    /// reads, where an answer over HTTP would carry the same JSON.
    public func decodingEncodedFields() throws -> Record {
        guard let encodedFields else { return self }
        var record = self
        record.fields = try JSONValueDecoder().decode([String: FieldValue].self, from: encodedFields)
        record.encodedFields = nil
        return record
    }
}
