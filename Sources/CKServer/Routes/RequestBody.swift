import CKModel

/// Request bodies decoded as JSON, malformed ones refused with `BAD_REQUEST` saying what is wrong.
enum RequestBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from bytes: [UInt8]) throws -> Body {
        do {
            return try JSONValueDecoder().decode(Body.self, from: bytes)
        } catch let error as DecodingError {
            throw ServerError(.badRequest, reason: DecodingErrorDescription.describe(error))
        }
    }
}
