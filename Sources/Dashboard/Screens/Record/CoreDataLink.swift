import CKCoreData
import CKModel

/// A many-to-many link of a record, read from a `CDMR` record: the relationship, the entity at its other end and
/// that record's name.
struct CoreDataLink: Equatable, Sendable {
    var relationship: String
    var entity: String
    var recordName: String

    /// The link `record` (a `CDMR` record) makes from `recordName`, if it names it.
    init?(_ record: Record, from recordName: String) {
        guard case .string(let names)? = record.fields?["CD_recordNames"], case .string(let entities)? = record.fields?["CD_entityNames"],
            case .string(let relationships)? = record.fields?["CD_relationships"]
        else { return nil }
        let (nameParts, entityParts, relationshipParts) = (Self.parts(names), Self.parts(entities), Self.parts(relationships))
        guard nameParts.count == 2, entityParts.count == 2, relationshipParts.count == 2, let side = nameParts.firstIndex(of: recordName) else {
            return nil
        }
        self.relationship = relationshipParts[side]
        entity = entityParts[1 - side]
        self.recordName = nameParts[1 - side]
    }

    /// `a:b` as `[a, b]`.
    private static func parts(_ text: String) -> [String] {
        text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }
}
