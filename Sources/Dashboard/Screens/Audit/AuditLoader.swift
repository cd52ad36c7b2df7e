import CKClient
import CKModel

/// Fetches the audit log for its screen, a page at a time as the user scrolls: each page continues from the
/// marker of the one before, as `CloudKitClient.auditLogPages` does, but one request per call so the screen
/// decides when the next page is worth fetching.
struct AuditLoader: Sendable {
    let client: CloudKitClient

    /// Entries per page: the most the server answers at once.
    static let pageSize = 200

    /// The page of `filter`'s entries after `marker` (the newest when `nil`), newest first.
    func page(_ filter: ManagementAudit.Filter, after marker: String?) async throws -> ManagementAudit.Response {
        try await client.auditLog(filter, limit: Self.pageSize, continuationMarker: marker)
    }
}
