/// A named subset of a model's entities, stored in one store; only those of a configuration used with CloudKit
/// are mirrored.
public struct Configuration: Hashable, Sendable {
    public var name: String
    public var usedWithCloudKit: Bool
    /// The entities it holds, by name.
    public var members: [String]
    public var line: Int

    public init(name: String, usedWithCloudKit: Bool, members: [String], line: Int = 0) {
        self.name = name
        self.usedWithCloudKit = usedWithCloudKit
        self.members = members
        self.line = line
    }
}
