import TerminalKit

/// The actions of the tokens and keys screen and of the audit log.
extension KeyAction {
    /// Create an API token or a management token, or add a server-to-server key.
    static let createCredential = KeyAction("create-credential")
    /// Revoke the selected token or key.
    static let revokeCredential = KeyAction("revoke-credential")
    /// Narrow the audit log by time, token, kind of change and container.
    static let filterAudit = KeyAction("filter-audit")
}
