import CKModel

/// A query the builder saved under a name: the query in CloudKit's JSON form, the fields it returns and its
/// limit, as one entry of a container's saved-queries file.
struct SavedQuery: Codable, Equatable {
    /// The name it is loaded by.
    var name: String
    /// The record type, filters and sort keys.
    var query: Query
    /// The fields to return; all when absent.
    var desiredKeys: [String]?
    /// At most this many records; every match when absent.
    var resultsLimit: Int?

    /// The query builder's draft of it, named.
    var draft: QueryDraft {
        var draft = QueryDraft(recordType: query.recordType, query: query, desiredKeys: desiredKeys, resultsLimit: resultsLimit)
        draft.name = name
        return draft
    }
}
