import CKModel
import Foundation

/// One deploy of a container's development schema to production.
public struct Deployment: Hashable, Sendable, Codable {
    /// Who deployed: a management token's name or `ckserver` for the shell.
    public var actor: String
    /// When.
    public var deployedAt: Date
    /// The digest of the diff that was applied.
    public var digest: String
    /// One line per change applied.
    public var changes: [String]

    /// Creates a deployment record.
    public init(actor: String, deployedAt: Date, digest: String, changes: [String]) {
        self.actor = actor
        self.deployedAt = deployedAt
        self.digest = digest
        self.changes = changes
    }
}
