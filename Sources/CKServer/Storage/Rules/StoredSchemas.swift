import CKModel
import CKSchema
import NIOConcurrencyHelpers

/// Schemas as every engine stores them: the `.ckdb` text this server prints, parsed back once per distinct
/// text. Every request that saves or checks permissions reads its container's schema, and parsing it again each
/// time cost more than the lookup; keyed by the text itself, a changed schema is simply a new entry.
final class StoredSchemas: Sendable {
    /// How many texts are kept parsed; past that the memory starts over (schemas change rarely).
    private static let capacity = 64
    private let parsed = NIOLockedValueBox<[String: Schema]>([:])

    /// The text `schema` is stored as.
    static func text(of schema: Schema) -> String {
        SchemaPrinter.print(schema)
    }

    /// The texts to store after an update changed `original` into `updated`: one per environment whose schema
    /// changed.
    static func changedTexts(from original: SchemaPair, to updated: SchemaPair) -> [(environment: ContainerEnvironment, text: String)] {
        [
            (ContainerEnvironment.development, updated.development, original.development),
            (.production, updated.production, original.production),
        ].compactMap { environment, schema, before in schema == before ? nil : (environment, text(of: schema)) }
    }

    /// The schema stored as `text`, parsed once. The text is this server's own, so a parse failure means the
    /// database was damaged.
    func schema(from text: String) throws -> Schema {
        if let known = parsed.withLockedValue({ $0[text] }) {
            return known
        }
        let schema: Schema
        do {
            schema = try SchemaParser.parse(text)
        } catch {
            throw ServerError(.internalError, reason: "a stored schema is damaged (\(error))")
        }
        parsed.withLockedValue { kept in
            if kept.count >= Self.capacity {
                kept.removeAll()
            }
            kept[text] = schema
        }
        return schema
    }
}
