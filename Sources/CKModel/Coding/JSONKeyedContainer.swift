/// The keyed container of `JSONTreeDecoder`; large objects (a record's many fields) get an index by key.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTreeDecoder
    let object: JSONObject
    /// The position of each key's first member, for objects too large to search member by member.
    private let positions: [String: Int]?

    init(decoder: JSONTreeDecoder, object: JSONObject) {
        self.decoder = decoder
        self.object = object
        if object.keys.count > 16 {
            var positions: [String: Int] = [:]
            for (position, key) in object.keys.enumerated() where positions[key] == nil {
                positions[key] = position
            }
            self.positions = positions
        } else {
            self.positions = nil
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        let keys = object.keys.enumerated().filter { position, key in
            if let positions { positions[key] == position } else { object.keys.firstIndex(of: key) == position }
        }
        return keys.compactMap { Key(stringValue: $0.element) }
    }

    private func member(_ key: Key) -> JSONValue? {
        if let positions {
            return positions[key.stringValue].map { object.values[$0] }
        }
        return object[key.stringValue]
    }

    private func required(_ key: Key) throws -> JSONValue {
        guard let value = member(key) else {
            throw DecodingError.keyNotFound(key, .init(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// The member `key`, or `nil` when it is absent or null (what `decodeIfPresent` returns `nil` for).
    private func present(_ key: Key) -> JSONValue? {
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return value
    }

    func contains(_ key: Key) -> Bool {
        member(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try required(key) { true } else { false }
    }

    private func read<T>(_ key: Key, _ read: (JSONValue, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        try read(try required(key), decoder.path(appending: key))
    }

    private func readIfPresent<T>(
        _ key: Key, _ read: (JSONValue, @autoclosure () -> [any CodingKey]) throws -> T
    ) throws -> T? {
        guard let value = present(key) else { return nil }
        return try read(value, decoder.path(appending: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key, JSONScalars.bool) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key, JSONScalars.string) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key, JSONScalars.float) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key, JSONScalars.float) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key, JSONScalars.integer) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key, JSONScalars.integer) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key, JSONScalars.integer) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key, JSONScalars.integer) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key, JSONScalars.integer) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key, JSONScalars.integer) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key, JSONScalars.integer) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key, JSONScalars.integer) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key, JSONScalars.integer) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key, JSONScalars.integer) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.child(try required(key), key: key).decode(type)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(key, JSONScalars.bool) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(key, JSONScalars.string) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(key, JSONScalars.float) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(key, JSONScalars.float) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(key, JSONScalars.integer) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(key, JSONScalars.integer) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try decoder.child(value, key: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try required(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try required(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, key: AnyCodingKey("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(member(key) ?? .null, key: key)
    }
}
