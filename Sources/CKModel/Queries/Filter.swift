/// One condition of a query: a field, a comparator and a value; filters of a query are ANDed.
public struct Filter: Hashable, Sendable, Codable {
    /// The field compared.
    public var field: QueryField
    /// How it is compared.
    public var comparator: FilterComparator
    /// What it is compared with.
    public var fieldValue: FieldValue
    /// With `NEAR`: the radius in meters.
    public var distance: Double?

    /// Creates a filter.
    public init(_ field: QueryField, _ comparator: FilterComparator, _ fieldValue: FieldValue, distance: Double? = nil) {
        self.field = field
        self.comparator = comparator
        self.fieldValue = fieldValue
        self.distance = distance
    }

    private enum CodingKeys: String, CodingKey {
        case fieldName, systemFieldName, comparator, fieldValue, distance
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try QueryField(from: container, fieldKey: .fieldName, systemKey: .systemFieldName)
        comparator = try container.decode(FilterComparator.self, forKey: .comparator)
        fieldValue = try FieldValue(from: container.superDecoder(forKey: .fieldValue), fieldName: field.wireName)
        distance = try container.decodeIfPresent(Double.self, forKey: .distance)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try field.encode(to: &container, fieldKey: .fieldName, systemKey: .systemFieldName)
        try container.encode(comparator, forKey: .comparator)
        try container.encode(fieldValue, forKey: .fieldValue)
        try container.encodeIfPresent(distance, forKey: .distance)
    }
}
