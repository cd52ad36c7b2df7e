import CKModel

/// CloudKit's limit on what one request may name: 200 records, zones, subscriptions, users, tokens or
/// operations. Past it the whole request is refused with `BAD_REQUEST` before any work, as CloudKit does.
enum ItemLimit {
    /// Refuses a request naming more than `RecordService.maximumOperations` `items` (a plural noun).
    static func check(_ count: Int, _ items: String) throws {
        guard count <= RecordService.maximumOperations else {
            throw ServerError(.badRequest, reason: "at most \(RecordService.maximumOperations) \(items) may be sent in one request; this one has \(count)")
        }
    }
}
