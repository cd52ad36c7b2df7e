/// An entity of a Core Data model: its properties, its parent entity if it inherits, and its constraints.
public struct Entity: Hashable, Sendable {
    public var name: String
    /// The entity it inherits from (`parentEntity`), if any.
    public var parent: String?
    public var isAbstract: Bool
    public var attributes: [Attribute]
    public var relationships: [Relationship]
    /// Each uniqueness constraint: the properties that are unique together.
    public var uniquenessConstraints: [[String]]
    public var userInfo: [String: String]
    /// The line of the model file it is declared on.
    public var line: Int

    public init(
        name: String, parent: String? = nil, isAbstract: Bool = false, attributes: [Attribute] = [], relationships: [Relationship] = [],
        uniquenessConstraints: [[String]] = [], userInfo: [String: String] = [:], line: Int = 0
    ) {
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
        self.uniquenessConstraints = uniquenessConstraints
        self.userInfo = userInfo
        self.line = line
    }
}
