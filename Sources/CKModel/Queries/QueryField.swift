/// The field a filter or sort is about: a record field (`fieldName`) or a system field (`systemFieldName`).
public enum QueryField: Hashable, Sendable {
    case field(String)
    case system(SystemFieldName)

    /// The field's name in the schema language, where its indexes are declared.
    public var schemaFieldName: String {
        switch self {
        case .field(let name): name
        case .system(let system): system.schemaFieldName
        }
    }
}

extension QueryField {
    /// The name as the request writes it, in `fieldName` or `systemFieldName`: `name`, `createdTimestamp`.
    public var wireName: String {
        switch self {
        case .field(let name): name
        case .system(let system): system.rawValue
        }
    }

    /// Reads whichever of `fieldName` and `systemFieldName` the container holds.
    init<Keys: CodingKey>(from container: KeyedDecodingContainer<Keys>, fieldKey: Keys, systemKey: Keys) throws {
        if let name = try container.decodeIfPresent(String.self, forKey: fieldKey) {
            self = .field(name)
        } else if let system = try container.decodeIfPresent(SystemFieldName.self, forKey: systemKey) {
            self = .system(system)
        } else {
            throw DecodingError.keyNotFound(
                fieldKey,
                .init(codingPath: container.codingPath, debugDescription: "fieldName or systemFieldName is required"))
        }
    }

    func encode<Keys: CodingKey>(to container: inout KeyedEncodingContainer<Keys>, fieldKey: Keys, systemKey: Keys) throws {
        switch self {
        case .field(let name): try container.encode(name, forKey: fieldKey)
        case .system(let system): try container.encode(system, forKey: systemKey)
        }
    }
}
