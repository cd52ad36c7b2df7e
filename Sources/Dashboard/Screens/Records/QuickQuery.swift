import CKModel
import CKSchema
import Foundation

/// The records screen's `/` filter: filters written as `ckdash records query --filter` takes them, joined by
/// `and` (`name BEGINS_WITH Pic and rsvpCount > 10`); a bare word finds the records whose first queryable
/// text field begins with it.
enum QuickQuery {
    /// The filters `text` describes for `recordType`; none for empty text.
    static func filters(_ text: String, recordType: RecordType) throws -> [Filter] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        if !trimmed.contains(where: { " =!<>".contains($0) }) {
            return [try beginsWith(trimmed, in: recordType)]
        }
        return try trimmed.components(separatedBy: " and ").flatMap { $0.components(separatedBy: " AND ") }.map { part in
            let filter = try FilterExpression.parse(part, recordType: recordType)
            try requireIndex(for: filter, in: recordType)
            return filter
        }
    }

    private static func beginsWith(_ word: String, in recordType: RecordType) throws -> Filter {
        let textFields = recordType.fields.filter { $0.type == .value(.string) && $0.indexes.contains(.queryable) && !$0.isSystemField }
        guard let field = textFields.first(where: { $0.name == "name" }) ?? textFields.first else {
            throw FilterExpressionError("\(recordType.name) has no QUERYABLE text field to search: write a filter such as \"field = value\"")
        }
        return Filter(.field(field.name), .beginsWith, .string(word))
    }

    /// Refuses a filter on a field of the type without the index its comparator reads, before the server does.
    private static func requireIndex(for filter: Filter, in recordType: RecordType) throws {
        guard case .field(let name) = filter.field, recordType.field(named: name) != nil else { return }
        let requirement = QueryIndexes.requirement(for: filter)
        guard requirement.isMet(by: recordType) else {
            throw MissingIndexError(missing: MissingIndex(recordType: recordType.name, field: name, index: requirement.index))
        }
    }
}
