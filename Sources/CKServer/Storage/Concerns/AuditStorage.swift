import CKModel

/// The audit log of changes made through the management API. One concern of `ServerStorage`.
public protocol AuditStorage: Sendable {
    /// Appends an entry to the audit log and returns its sequence number.
    @discardableResult
    func appendAuditEntry(_ entry: AuditEntry) async throws -> Int64

    /// Audit entries newest first, with their sequence numbers: those `filter` keeps, before `sequence` when
    /// given, at most `limit`.
    func auditEntries(matching filter: ManagementAudit.Filter, before sequence: Int64?, limit: Int) async throws
        -> [(sequence: Int64, entry: AuditEntry)]
}
