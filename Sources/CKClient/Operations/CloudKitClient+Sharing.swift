import CKModel

extension CloudKitClient {
    /// What the shares behind these short GUIDs are, before joining them (`records/resolve`), one result per
    /// short GUID in order.
    public func resolveShares(_ shortGUIDs: [RecordsShares.ShortGUID]) async throws -> [Result<RecordsShares.ShareMetadata, CloudKitClientError>] {
        try await shares("records/resolve", shortGUIDs)
    }

    /// Joins the shares behind these short GUIDs as the signed-in user (`records/accept`); the shared zones then
    /// appear in the user's shared database. One result per short GUID, in order.
    public func acceptShares(_ shortGUIDs: [RecordsShares.ShortGUID]) async throws -> [Result<RecordsShares.ShareMetadata, CloudKitClientError>] {
        try await shares("records/accept", shortGUIDs)
    }

    private func shares(
        _ operation: String, _ shortGUIDs: [RecordsShares.ShortGUID]
    ) async throws -> [Result<RecordsShares.ShareMetadata, CloudKitClientError>] {
        let response: RecordsShares.Response = try await send(
            .post, path: databasePath(operation, database: .public), body: RecordsShares.Request(shortGUIDs: shortGUIDs))
        return response.results.map(\.clientResult)
    }
}
