/// A parsed JSON document as a small tree: what `JSONParser` produces and `JSONValueDecoder` reads.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member named `key` of an object (the first one, if the key repeats), or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// The elements of an array, or `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The text of a string, or `nil`.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value of `true` or `false`, or `nil`.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }
}

/// A JSON number: whole numbers that fit an `Int64` as such, any other as written, so no precision is lost
/// before the reader knows which type it wants.
public enum JSONNumber: Equatable, Sendable {
    /// A number written without fraction or exponent that fits an `Int64`.
    case integer(Int64)
    /// Any other number, as written (valid JSON number syntax).
    case text(String)

    /// The number as an `Int64` if it is whole and in range (3.0 and 1e3 count, as with Foundation).
    public var int64: Int64? {
        switch self {
        case .integer(let whole): whole
        case .text(let text): Double(text).flatMap { Int64(exactly: $0) }
        }
    }

    /// The number as a finite `Double`, or `nil` when it is out of range.
    public var double: Double? {
        switch self {
        case .integer(let whole): Double(whole)
        case .text(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// The number as written (or as Swift writes it, for an `integer`).
    public var description: String {
        switch self {
        case .integer(let whole): String(whole)
        case .text(let text): text
        }
    }
}

/// A JSON object's members in document order; a repeated key keeps its first value, as Foundation does.
public struct JSONObject: Equatable, Sendable {
    /// The keys, in order.
    public private(set) var keys: [String]
    /// The values, parallel to `keys`.
    public private(set) var values: [JSONValue]

    /// Creates an object from parallel arrays of keys and values.
    public init(keys: [String] = [], values: [JSONValue] = []) {
        precondition(keys.count == values.count, "an object needs one value per key")
        self.keys = keys
        self.values = values
    }

    /// Adds a member at the end.
    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? {
        keys.firstIndex(of: key).map { values[$0] }
    }
}
