import CKModel
import Foundation

/// One change made through the management API, as the audit log keeps it.
public struct AuditEntry: Hashable, Sendable {
    /// When it was made.
    public var date: Date
    /// The name of the management token that made it.
    public var tokenName: String
    /// What was done, such as `container.create` or `schema.deploy`.
    public var action: String
    /// The container it concerns, if any.
    public var container: ContainerID?
    /// What was changed: a container, an environment's schema, a user, a token.
    public var target: String
    /// The change, one line per item.
    public var changes: [String]

    /// Creates an entry.
    public init(date: Date, tokenName: String, action: String, container: ContainerID?, target: String, changes: [String]) {
        self.date = date
        self.tokenName = tokenName
        self.action = action
        self.container = container
        self.target = target
        self.changes = changes
    }
}
