extension CloudKitClient {
    /// Checks that a batch answered one result per item, without which results cannot be matched to items.
    static func requireOneResultEach<Item>(_ results: [Item], expected: Int, operation: String) throws(CloudKitClientError) {
        guard results.count == expected else {
            throw .decoding(operation: operation, httpStatus: 200, detail: "\(expected) items were sent and \(results.count) results answered")
        }
    }

    /// Splits the results of a batch that sent `savedCount` saves followed by the deletions of `deleted`: the save
    /// results as answered, and each deletion's success as the identifier of what was deleted.
    static func splitModifyResults<Saved, Deleted>(
        _ results: [Result<Saved, CloudKitClientError>], savedCount: Int, deleted: [Deleted], operation: String
    ) throws(CloudKitClientError) -> (saveResults: [Result<Saved, CloudKitClientError>], deleteResults: [Result<Deleted, CloudKitClientError>]) {
        try requireOneResultEach(results, expected: savedCount + deleted.count, operation: operation)
        let deleteResults = zip(deleted, results.dropFirst(savedCount)).map { identifier, result in result.map { _ in identifier } }
        return (Array(results.prefix(savedCount)), deleteResults)
    }
}
