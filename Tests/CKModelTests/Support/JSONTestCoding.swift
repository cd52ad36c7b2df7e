import CKModel
import Foundation
import Testing

/// Decodes `json` as `T` with `JSONValueDecoder`, checking that Foundation's `JSONDecoder` gives the same value
/// or an error with the same message.
func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
    let fast = Result { try JSONValueDecoder().decode(T.self, from: Data(json.utf8)) }
    let foundation = Result { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
    switch (fast, foundation) {
    case (.success(let value), .success(let expected)):
        #expect(value == expected, "\(json)", sourceLocation: sourceLocation)
    case (.failure(let error), .failure(let expected)):
        #expect(decodingMessage(error) == decodingMessage(expected), "\(json)", sourceLocation: sourceLocation)
    case (.success, .failure(let expected)):
        Issue.record("JSONValueDecoder accepted what JSONDecoder rejects: \(json): \(expected)", sourceLocation: sourceLocation)
    case (.failure(let error), .success):
        Issue.record("JSONValueDecoder rejected what JSONDecoder accepts: \(json): \(error)", sourceLocation: sourceLocation)
    }
    return try fast.get()
}

/// Encodes `value` and reads the result back as a JSON object tree, so tests compare structure, not key order.
func jsonObject(_ value: some Encodable, numbersAsStrings: Bool = false) throws -> NSDictionary {
    let encoder = JSONEncoder()
    if numbersAsStrings {
        encoder.userInfo[.numbersAsStrings] = true
    }
    let data = try encoder.encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
}

/// Reads `json` as a JSON object tree.
func jsonObject(_ json: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
}

/// The bytes of a file in `Fixtures/`.
func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// The message of a decoding error, wherever the decoder put it.
func decodingMessage(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?, .keyNotFound(_, let context)?, .typeMismatch(_, let context)?,
        .valueNotFound(_, let context)?:
        context.debugDescription
    default:
        String(describing: error)
    }
}
