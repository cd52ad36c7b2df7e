/// The unkeyed container of `JSONTreeDecoder`: reads an array's elements in order, advancing on success.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: JSONTreeDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { decoder.path(appending: AnyCodingKey(index: currentIndex)) }

    /// The next element, or the error Foundation throws at the end.
    private func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: currentPath, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    private mutating func read<T>(_ read: (JSONValue, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let result = try read(try next(T.self), currentPath)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Any?.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(JSONScalars.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try read(JSONScalars.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(JSONScalars.float) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(JSONScalars.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(JSONScalars.integer) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(JSONScalars.integer) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(JSONScalars.integer) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(JSONScalars.integer) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(JSONScalars.integer) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(JSONScalars.integer) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(JSONScalars.integer) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(JSONScalars.integer) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(JSONScalars.integer) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(JSONScalars.integer) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.child(try next(T.self), index: currentIndex).decode(type)
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try decoder.child(try next([String: Any].self), index: currentIndex).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try decoder.child(try next([Any].self), index: currentIndex).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let child = decoder.child(try next((any Decoder).self), index: currentIndex)
        currentIndex += 1
        return child
    }
}
