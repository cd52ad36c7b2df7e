import Foundation

/// Reads and writes the field value wrapper `{"value": …, "type": "…"}`.
///
/// A value without `type` is inferred the way the server must: a whole number is INT64, a fraction DOUBLE,
/// a string STRING, `true`/`false` INT64, an object with `recordName` a REFERENCE, with `latitude` and
/// `longitude` a LOCATION, with asset keys an ASSET, and an array a list of the first element's type.
/// A value that does not fit its type is a `DecodingError` whose description names the field.
extension FieldValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, type
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, fieldName: nil)
    }

    /// Reads a field value whose errors call it `fieldName` (a filter knows the field its value is for), or
    /// when `nil`, by the last key of its coding path.
    init(from decoder: any Decoder, fieldName: String?) throws {
        let wrapper = try JSONTreeDecoder.reading(decoder)
        let reader = FieldValueReader(wrapper: wrapper, fieldName: fieldName)
        let object = try wrapper.object()
        var tag: FieldTypeTag?
        switch object[CodingKeys.type.stringValue] {
        case .string(let name)?:
            guard let parsed = FieldTypeTag(wireName: name) else {
                throw reader.error(at: wrapper.codingPath, "unknown field type '\(name)'")
            }
            tag = parsed
        case nil, .null?:
            break
        case _?:
            throw reader.error(at: wrapper.codingPath, "the type tag must be a string such as \"STRING\"")
        }
        guard let value = object[CodingKeys.value.stringValue], value != .null else {
            throw reader.error(at: wrapper.codingPath, "no value given")
        }
        self = try reader.read(tag, from: wrapper.child(value, key: CodingKeys.value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeTag.wireName, forKey: .type)
        let asStrings = encoder.writesNumbersAsStrings
        switch self {
        case .string(let value): try container.encode(value, forKey: .value)
        case .int64(let value): try Self.encode(number: value, asString: asStrings, in: &container)
        case .double(let value): try Self.encode(number: value, asString: asStrings, in: &container)
        case .timestamp(let value): try container.encode(value, forKey: .value)
        case .bytes(let value): try container.encode(value.base64EncodedString(), forKey: .value)
        case .reference(let value): try container.encode(value, forKey: .value)
        case .asset(let value): try container.encode(value, forKey: .value)
        case .location(let value): try container.encode(value, forKey: .value)
        case .list(let list): try Self.encode(list, asStrings: asStrings, in: &container)
        }
    }

    private static func encode<Number: Encodable & LosslessStringConvertible>(
        number: Number, asString: Bool, in container: inout KeyedEncodingContainer<CodingKeys>
    ) throws {
        if asString {
            try container.encode(number.description, forKey: .value)
        } else {
            try container.encode(number, forKey: .value)
        }
    }

    private static func encode<Number: Encodable & LosslessStringConvertible>(
        numbers: [Number], asStrings: Bool, in container: inout KeyedEncodingContainer<CodingKeys>
    ) throws {
        if asStrings {
            try container.encode(numbers.map(\.description), forKey: .value)
        } else {
            try container.encode(numbers, forKey: .value)
        }
    }

    private static func encode(
        _ list: FieldValueList, asStrings: Bool, in container: inout KeyedEncodingContainer<CodingKeys>
    ) throws {
        switch list {
        case .string(let values): try container.encode(values, forKey: .value)
        case .int64(let values): try encode(numbers: values, asStrings: asStrings, in: &container)
        case .double(let values): try encode(numbers: values, asStrings: asStrings, in: &container)
        case .timestamp(let values): try container.encode(values, forKey: .value)
        case .bytes(let values): try container.encode(values.map { $0.base64EncodedString() }, forKey: .value)
        case .reference(let values): try container.encode(values, forKey: .value)
        case .asset(let values): try container.encode(values, forKey: .value)
        case .location(let values): try container.encode(values, forKey: .value)
        }
    }
}
