import CKModel
import Foundation
import Testing

/// Decodes `json` as `T`.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
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
