import CKClient
import CKModel
import CKSchema

/// What deleting some records removes: the records themselves, as they are now (kept for undo), and the records
/// the server deletes with them because their DELETE_SELF references point to a deleted record, found through every
/// QUERYABLE reference field, however deep the chain goes.
struct DeletionPlan: Sendable {
    /// The records asked to be deleted, as the server has them now.
    var targets: [Record]
    /// The records their DELETE_SELF references take with them, in the order found (nearest first).
    var dependents: [Record]
    /// Reference fields (`Type.field`) that could hold DELETE_SELF references but cannot be queried, so the records
    /// behind them are not counted.
    var unsearchedFields: [String]

    /// The most dependents looked for; beyond it the count is a lower bound.
    static let dependentLimit = 10_000

    /// The dependents by type: `Invite 12, Receipt 3`.
    var dependentsByType: String {
        var counts: [String: Int] = [:]
        for record in dependents { counts[record.recordType ?? "?", default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \(Counting.grouped($0.value))" }.joined(separator: ", ")
    }

    /// Every record the delete removes, those pointed to first, as undo saves them again.
    var allRecords: [Record] { targets + dependents }

    /// The plan for deleting the records named `recordNames` in `zone`, looking for dependents through `schema`'s
    /// reference fields.
    static func plan(deleting recordNames: [String], in zone: ZoneID?, schema: Schema, client: CloudKitClient) async throws -> DeletionPlan {
        let targets = try await client.lookupRecords(named: recordNames, in: zone).map { try $0.get() }
        var plan = DeletionPlan(targets: targets, dependents: [], unsearchedFields: [])
        let referenceFields = schema.recordTypes.flatMap { type in
            type.fields.filter { $0.type.valueType == .reference && !$0.isSystemField }.map { (type: type.name, field: $0) }
        }
        plan.unsearchedFields = referenceFields.filter { !$0.field.indexes.contains(.queryable) }.map { "\($0.type).\($0.field.name)" }
        var seen = Set(recordNames)
        var frontier = recordNames
        while !frontier.isEmpty, plan.dependents.count < dependentLimit {
            var next: [String] = []
            for (type, field) in referenceFields where field.indexes.contains(.queryable) {
                for query in queries(type: type, field: field, pointingTo: frontier) {
                    for try await page in client.queryPages(query, in: zone) {
                        for record in page.records.compactMap({ try? $0.get() }) {
                            guard let name = record.recordName, !seen.contains(name),
                                holdsDeleteSelf(record.fields?[field.name], to: Set(frontier))
                            else { continue }
                            seen.insert(name)
                            next.append(name)
                            plan.dependents.append(record)
                        }
                    }
                }
            }
            frontier = next
        }
        return plan
    }

    /// The queries for records of `type` whose `field` points to one of `names`: IN for a reference, one
    /// LIST_CONTAINS per name for a list of references; at most 100 names a query.
    private static func queries(type: String, field: Field, pointingTo names: [String]) -> [Query] {
        let references = names.map { FieldValue.reference(Reference(recordName: $0)) }
        if field.type.isList {
            return references.map { Query(recordType: type, filterBy: [Filter(.field(field.name), .listContains, $0)]) }
        }
        return stride(from: 0, to: references.count, by: 100).compactMap { start in
            let chunk = Array(references[start..<min(references.count, start + 100)])
            return FieldValueList(valueType: .reference, elements: chunk).map { Query(recordType: type, filterBy: [Filter(.field(field.name), .in, .list($0))]) }
        }
    }

    /// Whether `value` holds a DELETE_SELF reference to one of `names`.
    private static func holdsDeleteSelf(_ value: FieldValue?, to names: Set<String>) -> Bool {
        switch value {
        case .reference(let reference)?: reference.action == .deleteSelf && names.contains(reference.recordName)
        case .list(let list)?: list.elements.contains { holdsDeleteSelf($0, to: names) }
        default: false
        }
    }
}
