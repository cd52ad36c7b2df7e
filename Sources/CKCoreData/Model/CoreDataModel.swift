/// A Core Data model as its `contents` file declares it: entities (with inheritance), their attributes and
/// relationships, and configurations.
public struct CoreDataModel: Hashable, Sendable {
    /// The name of the configuration every model has implicitly, holding every entity.
    public static let defaultConfiguration = "Default"

    /// Whether the model is marked for CloudKit (`usedWithCloudKit="YES"`).
    public var usedWithCloudKit: Bool
    public var entities: [Entity]
    public var configurations: [Configuration]

    public init(usedWithCloudKit: Bool, entities: [Entity], configurations: [Configuration] = []) {
        self.usedWithCloudKit = usedWithCloudKit
        self.entities = entities
        self.configurations = configurations
    }

    /// The entity named `name`.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// The entity `name` inherits from at the top: itself when it has no parent. A broken or circular chain stops
    /// where it breaks.
    public func root(of name: String) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let parent = entity(named: current)?.parent, entity(named: parent) != nil, seen.insert(parent).inserted {
            current = parent
        }
        return current
    }

    /// The names of the entities of the configuration `name` (every entity for `Default` or `nil`); `nil` when the
    /// model has no such configuration.
    public func entityNames(in configuration: String?) -> [String]? {
        guard let configuration, configuration != Self.defaultConfiguration else { return entities.map(\.name) }
        return configurations.first { $0.name == configuration }?.members
    }
}
