import CKModel
import CKSchema

/// The CloudKit schema NSPersistentCloudKitContainer mirrors a model to for one database, as
/// `docs/core-data.md` maps it: a `CD_` record type per root entity (sub-entities folded in, told apart by
/// `CD_entityName`), a `CD_` field per attribute and to-one relationship, a `_ckAsset` companion for values that may
/// be large, `CD_moveReceipt`, a `CDMR` type when there are many-to-many relationships, encrypted fields where the
/// model allows cloud encryption, and in the public database the indexes browsing needs.
public struct MirroredSchema: Sendable {
    /// The user info key that keeps a property out of CloudKit.
    public static let ignoredPropertyKey = "NSCloudKitMirroringDelegateIgnoredPropertyKey"

    public let model: CoreDataModel
    /// The configuration mirrored; `nil` or `Default` for every entity.
    public let configuration: String?
    public let database: DatabaseScope

    public init(model: CoreDataModel, configuration: String? = nil, database: DatabaseScope = .private) {
        self.model = model
        self.configuration = configuration
        self.database = database
    }

    /// The schema: a record type per root entity in the model's order, then `CDMR` when needed.
    public func schema() throws(MirroringError) -> Schema {
        guard let names = model.entityNames(in: configuration) else { throw .unknownConfiguration(configuration ?? "", known: model.configurations.map(\.name)) }
        let included = Set(names)
        var roots: [String] = []
        var members: [String: [Entity]] = [:]
        for entity in model.entities where included.contains(entity.name) {
            let root = model.root(of: entity.name)
            if members[root] == nil { roots.append(root) }
            members[root, default: []].append(entity)
        }
        var types = roots.map { root in recordType(MirroredNames.recordType(root), fields: fields(of: members[root] ?? [])) }
        if hasManyToMany(among: included) {
            types.append(recordType(MirroredNames.linkType, fields: MirroredNames.linkFields.map { Field($0, .value(.string)) }))
        }
        return Schema(recordTypes: types)
    }

    /// A record type as just-in-time schema makes it, with `fields`, and for the public database `recordName` and
    /// `modifiedAt` queryable, as browsing needs.
    private func recordType(_ name: String, fields: [Field]) -> RecordType {
        var type = RecordType.created(name)
        if database == .public { type.fields.append(Field(SystemField.modTime.rawValue, SystemField.modTime.type, indexes: [.queryable])) }
        type.fields += fields
        return type
    }

    /// The fields of a type holding `entities`: each one's mirrored properties, the first of a name kept.
    private func fields(of entities: [Entity]) -> [Field] {
        var fields = [Field(MirroredNames.entityName, .value(.string)), Field(MirroredNames.moveReceipt, .value(.bytes))]
        var seen = Set(fields.map(\.name))
        for entity in entities {
            for attribute in entity.attributes {
                for field in Self.fields(of: attribute) where seen.insert(field.name).inserted { fields.append(field) }
            }
            for relationship in entity.relationships where Self.isMirrored(relationship) && !relationship.isToMany {
                if seen.insert(MirroredNames.field(relationship.name)).inserted {
                    fields.append(Field(MirroredNames.field(relationship.name), .value(.string)))
                }
            }
        }
        return fields
    }

    /// The fields `attribute` is mirrored to: none, its own, and for a value that may be large its asset.
    public static func fields(of attribute: Attribute) -> [Field] {
        guard isMirrored(attribute), let valueType = valueType(of: attribute.type) else { return [] }
        let encrypted = attribute.allowsCloudEncryption && PrimitiveType.encryptableTypes.contains(valueType)
        let field = Field(MirroredNames.field(attribute.name), FieldType(encrypted ? .encrypted(valueType) : .value(valueType)))
        let mayBeLarge = [.string, .binary, .transformable].contains(attribute.type)
        return mayBeLarge ? [field, Field(MirroredNames.assetField(attribute.name), .value(.asset))] : [field]
    }

    /// The CloudKit type of an attribute type; `nil` for those not mirrored.
    public static func valueType(of type: AttributeType) -> ValueType? {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: .int64
        case .double, .float, .decimal: .double
        case .date: .timestamp
        case .string, .uuid, .uri: .string
        case .binary, .transformable: .bytes
        case .undefined, .objectID, .composite: nil
        }
    }

    /// Whether an attribute is stored in CloudKit: not transient, not derived, not kept out by its user info.
    public static func isMirrored(_ attribute: Attribute) -> Bool {
        !attribute.isTransient && !attribute.isDerived && attribute.userInfo[ignoredPropertyKey] == nil
    }

    /// Whether a relationship is stored in CloudKit.
    public static func isMirrored(_ relationship: Relationship) -> Bool {
        !relationship.isTransient && relationship.userInfo[ignoredPropertyKey] == nil
    }

    /// Whether a mirrored to-many relationship among `included` has a to-many inverse.
    private func hasManyToMany(among included: Set<String>) -> Bool {
        model.entities.contains { entity in
            included.contains(entity.name) && entity.relationships.contains { relationship in
                Self.isMirrored(relationship) && relationship.isToMany && inverse(of: relationship)?.isToMany == true
            }
        }
    }

    /// The relationship `relationship` names as its inverse.
    func inverse(of relationship: Relationship) -> Relationship? {
        guard let name = relationship.inverseName else { return nil }
        return model.entity(named: relationship.inverseEntity ?? relationship.destination)?.relationships.first { $0.name == name }
    }
}
