import CKModel

/// The declared type of a field: a primitive type, possibly as a list (`LIST<STRING>`).
public struct FieldType: Hashable, Sendable, CustomStringConvertible {
    /// The type of the value, or of each element of a list.
    public var primitive: PrimitiveType
    /// Whether the field holds a list.
    public var isList: Bool

    /// Creates a field type.
    public init(_ primitive: PrimitiveType, isList: Bool = false) {
        self.primitive = primitive
        self.isList = isList
    }

    /// A plain field of a value type.
    public static func value(_ type: ValueType) -> FieldType { FieldType(.value(type)) }

    /// A list field of a value type.
    public static func list(_ type: ValueType) -> FieldType { FieldType(.value(type), isList: true) }

    /// The type as the schema language writes it: `LIST<ENCRYPTED STRING>`, `NUMBER PREFERRED AS INT64` …
    public var description: String {
        isList ? "LIST<\(primitive)>" : primitive.description
    }

    /// The value type stored, when it is decided (a `NUMBER` without a preference is not).
    public var valueType: ValueType? { primitive.valueType }
}

/// The type of a single value in the schema language.
public enum PrimitiveType: Hashable, Sendable, CustomStringConvertible {
    /// A plain value type: `STRING`, `INT64` …
    case value(ValueType)
    /// An encrypted value: `ENCRYPTED STRING`; only BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP.
    case encrypted(ValueType)
    /// A number created by just-in-time schema, optionally pinned with `PREFERRED AS`.
    case number(preferredAs: NumberPreference?)

    /// The value types that may be encrypted.
    public static let encryptableTypes: Set<ValueType> = [.bytes, .string, .double, .int64, .location, .timestamp]

    public var description: String {
        switch self {
        case .value(let type): type.rawValue
        case .encrypted(let type): "ENCRYPTED \(type.rawValue)"
        case .number(nil): "NUMBER"
        case .number(let preference?): "NUMBER PREFERRED AS \(preference.rawValue)"
        }
    }

    /// The value type stored, when it is decided.
    public var valueType: ValueType? {
        switch self {
        case .value(let type), .encrypted(let type): type
        case .number(let preference): preference?.valueType
        }
    }

    /// Whether the value is encrypted.
    public var isEncrypted: Bool {
        if case .encrypted = self { true } else { false }
    }
}

/// What a `NUMBER` field is pinned to.
public enum NumberPreference: String, CaseIterable, Hashable, Sendable {
    case int64 = "INT64"
    case double = "DOUBLE"

    /// The value type this preference stores.
    public var valueType: ValueType {
        self == .int64 ? .int64 : .double
    }
}
