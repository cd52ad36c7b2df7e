/// A relationship of a Core Data entity.
public struct Relationship: Hashable, Sendable {
    /// What deleting the source does to the destination.
    public enum DeletionRule: String, CaseIterable, Hashable, Sendable {
        case nullify = "Nullify"
        case cascade = "Cascade"
        case deny = "Deny"
        case noAction = "No Action"
    }

    public var name: String
    /// The entity it points to.
    public var destination: String
    /// The relationship back, and its entity, if the model names one.
    public var inverseName: String?
    public var inverseEntity: String?
    /// Whether it holds many objects (`toMany="YES"`), and whether in an order (`ordered="YES"`).
    public var isToMany: Bool
    public var isOrdered: Bool
    public var isOptional: Bool
    public var deletionRule: DeletionRule
    public var isTransient: Bool
    public var userInfo: [String: String]
    /// The line of the model file it is declared on.
    public var line: Int

    public init(
        name: String, destination: String, inverseName: String? = nil, inverseEntity: String? = nil, isToMany: Bool = false, isOrdered: Bool = false,
        isOptional: Bool = true, deletionRule: DeletionRule = .nullify, isTransient: Bool = false, userInfo: [String: String] = [:], line: Int = 0
    ) {
        self.name = name
        self.destination = destination
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.deletionRule = deletionRule
        self.isTransient = isTransient
        self.userInfo = userInfo
        self.line = line
    }
}
