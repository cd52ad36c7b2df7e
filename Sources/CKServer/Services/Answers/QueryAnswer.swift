import CKModel

/// `records/query`'s answer: a page of records written as they were read, and a `continuationMarker` while more
/// may follow. Its JSON is `RecordsQuery.Response`'s.
struct QueryAnswer: Sendable, JSONWritable, Encodable, RequestLogDescribing {
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
        try response().encode(to: encoder)
    }

    /// The answer read back as the protocol's type.
    func response() throws -> RecordsQuery.Response {
        RecordsQuery.Response(records: try records.decoded(), continuationMarker: continuationMarker)
    }

    func describe(to details: inout RequestLogNote.Details) {
        details.recordsRead += records.count
        details.recordTypes.formUnion(records.recordTypes)
    }
}
