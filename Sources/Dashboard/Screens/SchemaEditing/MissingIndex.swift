import CKClient
import CKModel
import CKSchema
import TerminalKit

/// An index a query needs and the schema lacks — found before running (the query builder) or in the server's
/// refusal (the records screen) — and the edit that adds exactly it, so that one key fixes the query.
struct MissingIndex: Equatable, CustomStringConvertible {
    /// The record type queried.
    var recordType: String
    /// The field in the schema language: `background`, `___recordID`.
    var field: String
    /// The kind of index the query needs.
    var index: IndexKind

    /// The key that adds the missing index in development and runs the query again, listed under `group`.
    static func binding(group: String) -> KeyBinding {
        KeyBinding(
            .addMissingIndex, keys: [.character("I")], label: "Add index",
            help: "Add the index the query lacks, in development, and run it again", group: group, isShownInHints: false,
            isMutation: true)
    }

    /// `QUERYABLE on background`.
    var description: String { "\(index.rawValue) on \(field)" }

    /// The edit adding the index to development.
    var edit: ManagementSchema.Edit {
        ManagementSchema.Edit(.addIndex, recordType: recordType, field: field, index: index.rawValue)
    }

    /// What to do about it in `environment`: press I in development; in production, add it there and deploy.
    static func remedy(in environment: ContainerEnvironment) -> String {
        environment == .production ? "add it in development and deploy it" : "I adds it and runs the query again"
    }

    init(recordType: String, field: String, index: IndexKind) {
        self.recordType = recordType
        self.field = field
        self.index = index
    }

    /// The index the server refused `query` for: the query's requirement its reason names ("Field 'rsvpCount'
    /// is not marked sortable"); `nil` for any other error.
    init?(refusing query: Query, error: any Error) {
        guard let reason = (error as? CloudKitClientError)?.reason else { return nil }
        let filters = query.filterBy ?? []
        let requirements = filters.map(QueryIndexes.requirement(for:)) + (query.sortBy ?? []).map(QueryIndexes.requirement(for:))
            + (filters.isEmpty ? [QueryIndexes.unfiltered] : [])
        guard let refused = requirements.first(where: { reason == "Field '\($0.field.wireName)' is not marked \($0.index.rawValue.lowercased())" }) else {
            return nil
        }
        self.init(recordType: query.recordType, field: refused.field.schemaFieldName, index: refused.index)
    }

    /// Adds the index to development with `editor`, then runs `rerun`.
    func add(with editor: SchemaEditor, host: any ScreenHost, then rerun: @escaping () -> Void) {
        editor.apply([edit], describing: "Adding \(self) to \(recordType)", host: host, done: rerun)
    }
}
