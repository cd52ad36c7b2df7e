/// The kind of JSON value a decoder stands on, for error messages ("found a string").
enum JSONShape {
    case null, boolean, number, string, array, object

    init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    /// "a string", "an array" …
    var phrase: String {
        switch self {
        case .null: "null"
        case .boolean: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
