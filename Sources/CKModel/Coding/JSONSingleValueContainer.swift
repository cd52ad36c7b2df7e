/// The single value container of `JSONTreeDecoder`.
struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool {
        if case .null = value { true } else { false }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try JSONScalars.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONScalars.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONScalars.float(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try JSONScalars.float(value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONScalars.integer(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONScalars.integer(value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
