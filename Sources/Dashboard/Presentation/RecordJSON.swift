import CKModel

/// Fields as CloudKit's wire JSON, on one line: what the copy action writes of a row (a whole record is
/// `RecordFileWriter.jsonLine`).
enum RecordJSON {
    /// The `fields` of `record` alone, as a JSON object of wire field values.
    static func fields(_ fields: [String: FieldValue]) -> String {
        var writer = JSONWriter(capacity: 256)
        writer.fields(fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
