import CKClient
import CKModel
import Foundation

/// Resolves a share by its short GUID and accepts it, as the user acted as (`records/resolve`, `records/accept`
/// in the public database, as CloudKit has them).
struct ShareInvitationLoader: Sendable {
    let client: CloudKitClient
    /// Whether the session acts as a user: resolving and accepting are a signed-in user's.
    let hasUser: Bool

    /// What the share is and what the user is to it, with its root record's system fields.
    func resolve(_ shortGUID: String) async throws -> RecordsShares.ShareMetadata {
        guard hasUser else { throw SharingError.noUser }
        return try await client.resolveShares([.init(value: shortGUID, shouldFetchRootRecord: true, rootRecordDesiredKeys: [])]).onlyResult(of: "records/resolve")
    }

    /// Joins the share; its zone (or records) then appear in the user's shared database.
    func accept(_ shortGUID: String) async throws -> RecordsShares.ShareMetadata {
        try await client.acceptShares([.init(value: shortGUID, shouldFetchRootRecord: true, rootRecordDesiredKeys: [])]).onlyResult(of: "records/accept")
    }

    /// The container's users by record name, to name the owner and participants; empty without a management API.
    func userNames() async -> [String: String] {
        await SharesLoader(client: client).userNames()
    }

    /// The short GUID a share's link or the GUID itself names: the link's last path component, without its
    /// `#title` or query.
    static func shortGUID(in text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withoutTitle = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? trimmed
        let withoutQuery = withoutTitle.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? withoutTitle
        return withoutQuery.split(separator: "/").last.map(String.init) ?? withoutQuery
    }
}
