import CKModel

/// Records as CloudKit's wire JSON, on one line: what the copy and export actions write.
enum RecordJSON {
    /// `record` as one line of JSON.
    static func line(_ record: Record) -> String {
        var writer = JSONWriter(capacity: 512)
        record.write(to: &writer, numbersAsStrings: false)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The `fields` of `record` alone, as a JSON object of wire field values.
    static func fields(_ fields: [String: FieldValue]) -> String {
        var writer = JSONWriter(capacity: 256)
        writer.fields(fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
