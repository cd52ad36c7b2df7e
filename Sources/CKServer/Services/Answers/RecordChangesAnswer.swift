import CKModel

/// `records/changes`' answer: a page of a custom zone's changes written as they were read. Its JSON is
/// `RecordsChanges.Response`'s.
struct RecordChangesAnswer: Sendable, JSONWritable, Encodable, RequestLogDescribing {
    var page: ChangesPage

    var estimatedByteCount: Int { page.records.json.count + 128 }

    func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("records")
        writer.raw(page.records.json)
        writer.key("syncToken")
        writer.string(page.syncToken)
        writer.key("moreComing")
        writer.bool(page.moreComing)
        writer.endObject()
    }

    /// The answer as `RecordsChanges.Response` encodes it.
    func encode(to encoder: any Encoder) throws {
        try RecordsChanges.Response(records: try page.decodedRecords(), syncToken: page.syncToken, moreComing: page.moreComing).encode(to: encoder)
    }

    func describe(to details: inout RequestLogNote.Details) {
        page.records.describe(to: &details)
    }
}
