/// One sort key of a query: a field, a direction, and for LOCATION fields a point to sort by distance from.
public struct SortDescriptor: Hashable, Sendable, Codable {
    /// The field sorted on.
    public var field: QueryField
    /// Ascending unless `false`; the wire default is `true`.
    public var ascending: Bool
    /// For a LOCATION field: sort by distance from this point.
    public var relativeLocation: Location?

    /// Creates a sort descriptor.
    public init(_ field: QueryField, ascending: Bool = true, relativeLocation: Location? = nil) {
        self.field = field
        self.ascending = ascending
        self.relativeLocation = relativeLocation
    }

    private enum CodingKeys: String, CodingKey {
        case fieldName, systemFieldName, ascending, relativeLocation
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try QueryField(from: container, fieldKey: .fieldName, systemKey: .systemFieldName)
        ascending = try container.decodeIfPresent(Bool.self, forKey: .ascending) ?? true
        if let wrapped = try container.decodeIfPresent(FieldValue.self, forKey: .relativeLocation) {
            guard case .location(let location) = wrapped else {
                throw DecodingError.dataCorruptedError(
                    forKey: .relativeLocation, in: container,
                    debugDescription: "relativeLocation must be a LOCATION value")
            }
            relativeLocation = location
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try field.encode(to: &container, fieldKey: .fieldName, systemKey: .systemFieldName)
        try container.encode(ascending, forKey: .ascending)
        try container.encodeIfPresent(relativeLocation.map(FieldValue.location), forKey: .relativeLocation)
    }
}
