import CKModel

/// The answer of `records/query` and `records/lookup`: records written as they were read, and for a query a
/// `continuationMarker` while more may follow. Its JSON is `RecordsQuery.Response`'s (`RecordsLookup.Response`'s
/// without a marker).
struct RecordsAnswer: Sendable, JSONWritable, Encodable, RequestLogDescribing {
    var records: WrittenRecords
    var continuationMarker: String?

    var estimatedByteCount: Int { records.json.count + 64 + (continuationMarker?.utf8.count ?? 0) }

    func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("records")
        writer.raw(records.json)
        if let continuationMarker {
            writer.key("continuationMarker")
            writer.string(continuationMarker)
        }
        writer.endObject()
    }

    /// The answer as `RecordsQuery.Response` encodes it.
    func encode(to encoder: any Encoder) throws {
        try RecordsQuery.Response(records: try records.decoded(), continuationMarker: continuationMarker).encode(to: encoder)
    }

    func describe(to details: inout RequestLogNote.Details) {
        records.describe(to: &details)
    }
}
