import CKModel

extension RecordsShares.ShareMetadata {
    /// Whether the caller owns the share: it is then in their private database, not their shared one.
    var isOwnersView: Bool { databaseScope == "PRIVATE" }
}
