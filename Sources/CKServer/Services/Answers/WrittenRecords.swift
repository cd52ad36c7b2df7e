import CKModel

/// The records of an answer, written as JSON (an array) while they were read, with what the request log notes
/// of them.
struct WrittenRecords: Sendable {
    /// The JSON array of the records.
    var json: [UInt8]
    /// How many records the array holds.
    var count: Int
    /// The record types among them.
    var recordTypes: Set<String>
    /// How many of the array's items are errors instead of records, by `serverErrorCode`.
    var itemErrors: [String: Int] = [:]

    /// Tells the request log how many records were read, their types and the items that failed.
    func describe(to details: inout RequestLogNote.Details) {
        details.recordsRead += count
        details.recordTypes.formUnion(recordTypes)
        details.itemErrors.merge(itemErrors, uniquingKeysWith: +)
    }

    /// The items as values, for callers that read the answer rather than send it.
    func decoded() throws -> [ItemResult<Record>] {
        try JSONValueDecoder().decode([ItemResult<Record>].self, from: json)
    }
}
