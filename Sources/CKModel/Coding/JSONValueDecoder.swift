import Foundation

/// Decodes `Decodable` values from JSON with `JSONParser` and a decoder over the parsed tree: a drop-in for
/// `JSONDecoder` (default strategies) on the server's hot paths, with the same kinds of `DecodingError`.
public struct JSONValueDecoder {
    /// Handed to every `Decodable` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    /// Creates a decoder.
    public init() {}

    /// Decodes `type` from UTF-8 JSON; text that is not JSON is `dataCorrupted` with a `JSONParseError`
    /// underneath, as `JSONDecoder` reports it.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        return try decode(type, from: value)
    }

    /// Decodes `type` from an already parsed value.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONTreeDecoder(value, userInfo: userInfo).decode(type)
    }
}
