import CKModel

/// A page of a zone's change feed, its records written as they were read.
struct ChangesPage: Sendable {
    /// The zone, as the answer names it.
    var zoneID: ZoneID
    var records: WrittenRecords
    /// The token to send for the next page.
    var syncToken: String
    /// Whether more changes follow.
    var moreComing: Bool

    /// The records as values, for callers that read the answer rather than send it.
    func decodedRecords() throws -> [Record] {
        try records.decoded().map { try $0.result.get() }
    }
}
