import CKModel
import CKSchema

/// A container's two schemas, read and written together so a deploy is one transaction.
public struct SchemaPair: Hashable, Sendable {
    /// The development schema.
    public var development: Schema
    /// The production schema.
    public var production: Schema
    /// Whether production has ever received a deploy (reset then reverts development to it, not to empty).
    public var hasBeenDeployed: Bool

    /// The schema of one environment.
    public func schema(of environment: ContainerEnvironment) -> Schema {
        environment == .development ? development : production
    }

    /// Creates a schema pair.
    public init(development: Schema, production: Schema, hasBeenDeployed: Bool) {
        self.development = development
        self.production = production
        self.hasBeenDeployed = hasBeenDeployed
    }
}
