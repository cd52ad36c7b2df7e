import CKSchema
import NIOConcurrencyHelpers

/// Schemas already parsed from their stored `.ckdb` text: every request that saves or checks permissions
/// reads its container's schema, and parsing it again each time cost more than the lookup. Keyed by the text
/// itself, so a changed schema is simply a new entry.
final class ParsedSchemaCache: Sendable {
    /// How many texts are kept; past that the cache starts over (schemas change rarely).
    private static let capacity = 64
    private let schemas = NIOLockedValueBox<[String: Schema]>([:])

    /// The schema `text` describes, parsed once.
    func schema(_ text: String, parse: (String) throws -> Schema) throws -> Schema {
        if let known = schemas.withLockedValue({ $0[text] }) {
            return known
        }
        let parsed = try parse(text)
        schemas.withLockedValue { cached in
            if cached.count >= Self.capacity {
                cached.removeAll()
            }
            cached[text] = parsed
        }
        return parsed
    }
}
