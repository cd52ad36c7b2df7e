/// The kind of JSON value a decoder stands on, for error messages ("found a string").
enum JSONShape {
    case null, boolean, number, string, array, object

    /// Looks at what `decoder` holds without consuming anything the caller needs.
    init(of decoder: any Decoder) {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if (try? single.decode(Bool.self)) != nil {
                self = .boolean
                return
            }
            if (try? single.decode(Double.self)) != nil {
                self = .number
                return
            }
            if (try? single.decode(String.self)) != nil {
                self = .string
                return
            }
        }
        if (try? decoder.unkeyedContainer()) != nil {
            self = .array
            return
        }
        self = .object
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
