import Foundation

/// The `Decoder` over a `JSONValue`: one per value being decoded, linked to its parent so the coding path
/// is only assembled when an error or a caller asks for it.
final class JSONTreeDecoder: Decoder {
    /// How a value is reached from its parent.
    private enum PathComponent {
        case key(any CodingKey)
        case name(String)
        case index(Int)
    }

    /// The value this decoder reads.
    let value: JSONValue
    let userInfo: [CodingUserInfoKey: Any]
    private let parent: JSONTreeDecoder?
    private let component: PathComponent?
    /// Where the root of the tree sits in an enclosing decode, when it is read on behalf of another decoder.
    private let basePath: [any CodingKey]

    /// A decoder for a value found at `codingPath`.
    init(_ value: JSONValue, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.value = value
        self.userInfo = userInfo
        self.parent = nil
        self.component = nil
        self.basePath = codingPath
    }

    private init(_ value: JSONValue, parent: JSONTreeDecoder, component: PathComponent) {
        self.value = value
        self.userInfo = parent.userInfo
        self.parent = parent
        self.component = component
        self.basePath = []
    }

    /// A decoder for the member `key` of this value.
    func child(_ value: JSONValue, key: some CodingKey) -> JSONTreeDecoder {
        JSONTreeDecoder(value, parent: self, component: key.intValue == nil ? .name(key.stringValue) : .key(key))
    }

    /// A decoder for element `index` of this value.
    func child(_ value: JSONValue, index: Int) -> JSONTreeDecoder {
        JSONTreeDecoder(value, parent: self, component: .index(index))
    }

    var codingPath: [any CodingKey] {
        var components: [any CodingKey] = []
        var node: JSONTreeDecoder? = self
        while let current = node {
            switch current.component {
            case .key(let key): components.append(key)
            case .name(let name): components.append(AnyCodingKey(name))
            case .index(let index): components.append(AnyCodingKey(index: index))
            case nil: components.append(contentsOf: current.basePath.reversed())
            }
            node = current.parent
        }
        return components.reversed()
    }

    /// This decoder's path with `key` after it.
    func path(appending key: any CodingKey) -> [any CodingKey] {
        codingPath + [key]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try keyedContainer(keyedBy: type))
    }

    /// The keyed container itself rather than boxed in a `KeyedDecodingContainer`: the hot request types
    /// (records and their operations) read through it with direct calls the compiler can specialize.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> JSONKeyedContainer<Key> {
        JSONKeyedContainer<Key>(decoder: self, object: try object())
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        JSONUnkeyedContainer(decoder: self, elements: try elements())
    }

    /// The value as an array's elements, or the error `unkeyedContainer()` throws.
    func elements() throws -> [JSONValue] {
        switch value {
        case .array(let elements):
            return elements
        case .null:
            throw DecodingError.valueNotFound([Any].self, .init(
                codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw JSONScalars.mismatch([Any].self, value, codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self)
    }

    /// The value as an object, or the error `container(keyedBy:)` throws.
    func object() throws -> JSONObject {
        switch value {
        case .object(let object):
            return object
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, .init(
                codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw JSONScalars.mismatch([String: Any].self, value, codingPath)
        }
    }

    /// Decodes `type` from this decoder's value, reading the types Foundation's decoder treats specially
    /// (`Data` as base64, `URL` and `Decimal` from their JSON text) the same way.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Data.self {
            let text = try JSONScalars.string(value, codingPath)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try JSONScalars.string(value, codingPath)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Decimal.self {
            return try JSONScalars.decimal(value, codingPath) as! T
        }
        // One conformance check for both: each costs a lookup at run time.
        if let collection = T.self as? any JSONTreeCollection.Type {
            return try collection.init(readingTree: self) as! T
        }
        return try T(from: self)
    }
}

/// An array or a string-keyed dictionary, read member by member from the tree: the generic `Decodable`
/// paths go through a container (and, for a dictionary, make a coding key of every member to look each one
/// up again by it).
protocol JSONTreeCollection {
    init(readingTree decoder: JSONTreeDecoder) throws
}

extension Array: JSONTreeCollection where Element: Decodable {
    init(readingTree decoder: JSONTreeDecoder) throws {
        let elements = try decoder.elements()
        self.init()
        reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            append(try decoder.child(element, index: index).decode(Element.self))
        }
    }
}

extension Dictionary: JSONTreeCollection where Key == String, Value: Decodable {
    init(readingTree decoder: JSONTreeDecoder) throws {
        let object = try decoder.object()
        self.init(minimumCapacity: object.keys.count)
        // A repeated key keeps its first value, as the generic path does.
        for (key, member) in zip(object.keys, object.values) where self[key] == nil {
            self[key] = try decoder.child(member, key: AnyCodingKey(key)).decode(Value.self)
        }
    }
}
