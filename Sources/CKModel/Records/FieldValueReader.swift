import Foundation

/// Decodes the `value` part of a field value wrapper, by its tag or by inference, naming the field on error.
///
/// It reads the parsed JSON tree (`JSONTreeDecoder`), whichever decoder the wrapper came from, so the shape
/// of a value is a `switch`, not a series of attempts.
struct FieldValueReader {
    /// The field's name when the caller knows it (a filter's field); otherwise it comes from the wrapper's path.
    private let fieldName: String?
    /// The decoder of the whole wrapper `{"value": …, "type": …}`.
    private let wrapper: JSONTreeDecoder

    /// Marks the decoding errors this reader made, so an enclosing read does not wrap them again.
    private struct Problem: Error {}

    init(wrapper: JSONTreeDecoder, fieldName: String?) {
        self.wrapper = wrapper
        self.fieldName = fieldName
    }

    /// What the error messages call the value: the field's name (in a record's `fields`, the last key of the
    /// wrapper's path), or the coding path when there is none.
    private var fieldLabel: String {
        if let fieldName {
            return fieldName
        }
        let keys = wrapper.codingPath.map(\.stringValue)
        if keys.count >= 2, keys[keys.count - 2] == "fields" {
            return keys[keys.count - 1]
        }
        return keys.isEmpty ? "value" : keys.joined(separator: ".")
    }

    func error(at codingPath: [any CodingKey], _ problem: String) -> DecodingError {
        .dataCorrupted(.init(
            codingPath: codingPath, debugDescription: "Invalid value for field '\(fieldLabel)': \(problem)",
            underlyingError: Problem()))
    }

    private func mismatch(_ expectation: String, _ decoder: JSONTreeDecoder, cause: DecodingError? = nil) -> DecodingError {
        let shape = JSONShape(of: decoder.value)
        if shape == .object, let cause, let detail = Self.detail(of: cause, below: decoder.codingPath) {
            return error(at: decoder.codingPath, "expected \(expectation), but \(detail)")
        }
        return error(at: decoder.codingPath, "expected \(expectation), found \(shape.phrase)")
    }

    /// Reads a value: by `tag` when there is one, otherwise by the JSON's shape.
    func read(_ tag: FieldTypeTag?, from decoder: JSONTreeDecoder) throws -> FieldValue {
        guard let tag else { return try infer(from: decoder) }
        if tag.isList {
            return try readList(of: tag.valueType, from: decoder)
        }
        return try readScalar(tag.valueType ?? .string, from: decoder)
    }

    /// Reads a single (non-list) value of `type`.
    func readScalar(_ type: ValueType, from decoder: JSONTreeDecoder) throws -> FieldValue {
        let expectation = Self.expectation(for: type)
        do {
            switch (type, decoder.value) {
            case (.string, .string(let text)):
                return .string(text)
            case (.int64, .bool(let flag)):
                return .int64(flag ? 1 : 0)
            case (.int64, let value):
                guard let whole = value.wholeNumber else { break }
                return .int64(whole)
            case (.double, let value):
                guard let number = value.finiteNumber else { break }
                return .double(number)
            case (.timestamp, let value):
                guard let milliseconds = value.wholeNumber else { break }
                return .timestamp(Timestamp(millisecondsSince1970: milliseconds))
            case (.bytes, .string(let text)):
                guard let data = Self.base64Data(text) else { break }
                return .bytes(data)
            case (.reference, _):
                return .reference(try Reference(from: decoder))
            case (.asset, _):
                return .asset(try Asset(from: decoder))
            case (.location, _):
                return .location(try Location(from: decoder))
            default:
                break
            }
            throw mismatch(expectation, decoder)
        } catch let error as DecodingError where !Self.isOurs(error) {
            throw mismatch(expectation, decoder, cause: error)
        }
    }

    /// Reads a list. With no element type (the bare `LIST` tag, or no tag) every element's type is inferred:
    /// they must agree, except that whole numbers among fractions make a DOUBLE list.
    func readList(of type: ValueType?, from decoder: JSONTreeDecoder) throws -> FieldValue {
        guard case .array(let elements) = decoder.value else {
            throw mismatch("a list of \(type.map { Self.expectation(for: $0) } ?? "values")", decoder)
        }
        var values: [FieldValue] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementDecoder = decoder.child(element, index: index)
            if let type {
                values.append(try readScalar(type, from: elementDecoder))
                continue
            }
            let value = try infer(from: elementDecoder)
            if case .list = value {
                throw error(at: elementDecoder.codingPath, "lists cannot contain lists")
            }
            values.append(value)
        }
        let elementType = type ?? Self.commonType(of: values)
        if elementType == .double {
            values = values.map { if case .int64(let whole) = $0 { .double(Double(whole)) } else { $0 } }
        }
        guard let list = FieldValueList(valueType: elementType, elements: values) else {
            throw error(at: decoder.codingPath, "every element of a list must have the same type")
        }
        return .list(list)
    }

    /// The type of a list inferred from its elements: the first one's, or DOUBLE when numbers are mixed.
    private static func commonType(of values: [FieldValue]) -> ValueType {
        let types = Set(values.map(\.valueType))
        if types == [.int64, .double] {
            return .double
        }
        return values.first?.valueType ?? .string
    }

    /// Infers the type of an untagged value from its JSON shape.
    func infer(from decoder: JSONTreeDecoder) throws -> FieldValue {
        switch decoder.value {
        case .null:
            throw error(at: decoder.codingPath, "no value given")
        case .string:
            return try readScalar(.string, from: decoder)
        case .bool:
            return try readScalar(.int64, from: decoder)
        case .number(let number):
            if let whole = number.int64 {
                return .int64(whole)
            }
            return try readScalar(.double, from: decoder)
        case .array:
            return try readList(of: nil, from: decoder)
        case .object(let object):
            let keys = Set(object.keys)
            if keys.contains("recordName") {
                return try readScalar(.reference, from: decoder)
            }
            if keys.contains("latitude") || keys.contains("longitude") {
                return try readScalar(.location, from: decoder)
            }
            if !keys.isDisjoint(with: Asset.wireKeys) {
                return try readScalar(.asset, from: decoder)
            }
            throw error(
                at: decoder.codingPath,
                "an object needs recordName (REFERENCE), latitude and longitude (LOCATION) or asset keys (ASSET)")
        }
    }

    private static func isOurs(_ error: DecodingError) -> Bool {
        if case .dataCorrupted(let context) = error {
            return context.underlyingError is Problem
        }
        return false
    }

    /// What went wrong inside an object, relative to the object: "'action' …", "'recordName' is missing".
    private static func detail(of error: DecodingError, below path: [any CodingKey]) -> String? {
        func key(_ context: DecodingError.Context) -> String {
            context.codingPath.dropFirst(path.count).map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let missing, let context):
            let parent = key(context)
            return "'\(parent.isEmpty ? missing.stringValue : parent + "." + missing.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let name = key(context)
            return name.isEmpty ? nil : "'\(name)' is not valid (\(context.debugDescription))"
        @unknown default:
            return nil
        }
    }

    /// Decodes standard base64, also accepting the URL-safe alphabet and missing padding.
    static func base64Data(_ text: String) -> Data? {
        if let data = Data(base64Encoded: text) {
            return data
        }
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normalized.count % 4 != 0 {
            normalized.append("=")
        }
        return Data(base64Encoded: normalized)
    }

    static func expectation(for type: ValueType) -> String {
        switch type {
        case .string: "STRING (a string)"
        case .int64: "INT64 (a whole number)"
        case .double: "DOUBLE (a number)"
        case .timestamp: "TIMESTAMP (whole milliseconds since 1970)"
        case .bytes: "BYTES (a base64 string)"
        case .reference: "REFERENCE (an object with recordName)"
        case .asset: "ASSET (an object with fileChecksum, size and receipt)"
        case .location: "LOCATION (an object with latitude and longitude)"
        }
    }
}
