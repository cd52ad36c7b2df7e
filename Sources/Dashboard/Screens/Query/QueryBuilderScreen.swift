import CKModel
import CKSchema
import TerminalKit

/// The query builder on one record type: filter rows of field, comparator (only those valid for the field's
/// type) and value (an editor fitting the type), sort keys, the fields to return and a limit, and beside each
/// row whether the index it needs exists in the session's environment. R runs the query in the records table;
/// I adds the index it lacks (in development) and runs it;
/// S and L save and load named queries of the container; J and C show it as the JSON request and as a
/// `ckdash records query` command, which y copies.
final class QueryBuilderScreen: Screen {
    /// A picker, editor or panel open over the rows.
    enum Overlay {
        case field(Picker<QueryFields.Entry>, target: FieldTarget)
        case comparator(Picker<FilterComparator>, filter: Int)
        case value(ValueEditor, filter: Int)
        case fields(Checklist<String>)
        case limit(Prompt)
        case save(Prompt)
        case load(Picker<SavedQuery>)
        case text(QueryTextPanel)
    }

    /// The row a field chosen in the field picker goes to.
    enum FieldTarget: Equatable {
        case filter(Int), newFilter, sort(Int), newSort

        /// Whether the field orders the records rather than filters them.
        var isSort: Bool {
            switch self {
            case .sort, .newSort: true
            case .filter, .newFilter: false
            }
        }
    }

    private(set) var session: Session
    /// The query being built.
    var draft: QueryDraft
    let schema: Remote<(schema: Schema, ckdb: String)>
    let display: FieldValueDisplay
    let editor: SchemaEditor
    var overlay: Overlay?
    /// The selected row, an index into `rows`.
    var selectedRow = 0
    /// The selected part of the row: field, comparator or value of a filter; field or direction of a sort key.
    var selectedPart = 0

    /// The builder on `draft` in `session`, checking indexes against the environment's schema.
    init(session: Session, draft: QueryDraft, schemaLoader: RecordTypesLoader, display: FieldValueDisplay) {
        var session = session
        session.recordType = draft.recordType
        self.session = session
        self.draft = draft
        self.display = display
        let (typeName, zone) = (draft.recordType, session.zone)
        schema = Remote { try await schemaLoader.schema(describing: typeName, in: zone) }
        editor = SchemaEditor(client: schemaLoader.client)
    }

    var title: String {
        "Query \(draft.recordType)" + (draft.name.map { " · \($0)" } ?? "")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list; ← and → (h and l)
    /// move between parts too, as the navigation keys that move sideways.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Edit", help: "Edit the selected part of the row; on Run, run the query", group: "Query"),
        KeyBinding(.addRow, keys: [.character("a")], label: "Add", help: "Add a filter (a sort key when a sort row is selected)", group: "Query"),
        KeyBinding(.deleteRow, keys: [.character("d")], label: "Delete", help: "Delete the selected filter or sort key", group: "Query"),
        KeyBinding(.runQuery, keys: [.character("R")], label: "Run", help: "Run the query and show its records", group: "Query"),
        KeyBinding(.saveQuery, keys: [.character("S")], label: "Save", help: "Save the query under a name, in the config folder", group: "Query"),
        KeyBinding(.loadQuery, keys: [.character("L")], label: "Load", help: "Load a saved query of this container", group: "Query"),
        KeyBinding(.showJSON, keys: [.character("J")], label: "JSON", help: "Show the JSON request the query sends", group: "Query"),
        KeyBinding(.showCommand, keys: [.character("C")], label: "Command", help: "Show the query as a ckdash records query command", group: "Query"),
        KeyBinding(.copy, keys: [.character("y")], label: "Copy", help: "Copy the command, or what the JSON or command view shows (OSC 52)", group: "Query"),
        MissingIndex.binding(group: "Query"),
        KeyBinding(
            .subscribeToQuery, keys: [.character("N")], label: "Subscribe",
            help: "Subscribe to the query: be notified when a matching record is created, updated or deleted", group: "Query", isMutation: true),
        KeyBinding(.nextPart, keys: [.tab], label: "Next part", help: "Move to the next part of the row: field, comparator, value (also l or →)", group: "Query", isShownInHints: false),
        KeyBinding(.previousPart, keys: [.backTab], label: "Previous part", help: "Move to the previous part of the row (also h or ←)", group: "Query", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        ["\(draft.filters.count) filter\(draft.filters.count == 1 ? "" : "s")"]
    }

    var capturesKeys: Bool { overlay != nil }

    /// The builder with the rows as edited, so that switching environment or user keeps them.
    var currentDestination: Destination? { .queryBuilder(recordType: draft.recordType, draft: draft) }
    var isLoading: Bool { schema.isLoading }
    var hasFailedToLoad: Bool { schema.hasFailed }

    func load(_ host: any ScreenHost) {
        schema.load(in: host.work) { [weak host] loaded in
            host?.learn(loaded.schema.recordTypes.map(\.name), for: .recordType)
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open: edit(host: host)
        case .nextPart: selectedPart = min(part + 1, row.partCount - 1)
        case .previousPart: selectedPart = max(part - 1, 0)
        case .addRow: openFieldPicker(row.isInSortSection ? .newSort : .newFilter, host: host)
        case .deleteRow: deleteRow(host: host)
        case .runQuery: run(host: host)
        case .saveQuery: openSavePrompt(host: host)
        case .loadQuery: openSavedQueries(host: host)
        case .showJSON, .showCommand: openTextPanel(json: action == .showJSON, host: host)
        case .copy: copyCommand(host: host)
        case .addMissingIndex: addMissingIndex(host: host)
        case .subscribeToQuery: subscribe(host: host)
        default: break
        }
    }

    func refusal(of binding: KeyBinding) -> String? {
        SchemaEditor.refusal(of: binding, in: session.environment)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        if let overlay {
            handleOverlay(overlay, key: key, host: host)
            return true
        }
        switch KeyBindingTable.navigation.action(for: key) {
        case .scrollLeft?: perform(.previousPart, host: host)
        case .scrollRight?: perform(.nextPart, host: host)
        default:
            guard let movement = Movement(key: key) else { return false }
            selectedRow = movement.target(from: selectedRow, count: rows.count, pageHeight: 5)
        }
        return true
    }

    /// The rows j and k move between.
    var rows: [QueryBuilderRow] { QueryBuilderRow.rows(of: draft) }

    /// The selected row.
    var row: QueryBuilderRow { rows[min(selectedRow, rows.count - 1)] }

    /// The selected part, kept inside the selected row's parts.
    var part: Int { min(selectedPart, row.partCount - 1) }

    /// The record type in the environment's schema, once it came.
    var recordType: RecordType? { schema.value?.schema.recordType(named: draft.recordType) }

    /// Selects `row`, at `part`.
    func select(_ row: QueryBuilderRow, part: Int = 0) {
        selectedRow = rows.firstIndex(of: row) ?? selectedRow
        selectedPart = part
    }

    /// The fields a query can name, or `nil` with the reason reported when the schema is not there (yet).
    func queryFields(host: any ScreenHost) -> QueryFields? {
        if let recordType { return QueryFields(recordType: recordType) }
        if schema.value == nil {
            host.report(StatusMessage("The schema is not loaded yet: wait, or press r to fetch it again", kind: .warning))
        } else {
            host.report(StatusMessage("\(draft.recordType) is not a record type of \(session.environment.rawValue)", kind: .error))
        }
        return nil
    }

    /// Opens the records of the query, after checking that it is complete and that its indexes exist.
    func run(host: any ScreenHost) {
        guard queryFields(host: host) != nil, let recordType else { return }
        let paging: QueryPaging
        do {
            paging = try draft.paging(in: session.zone)
        } catch {
            host.report(StatusMessage("Cannot run: \(error)", kind: .error))
            return
        }
        let notes = QueryBuilderRows.lines(of: draft, recordType: recordType, display: display).compactMap(\.note)
        if let problem = notes.first(where: { $0 != .present }) {
            host.report(StatusMessage("Cannot run: \(problem.reason(recordType: draft.recordType, environment: session.environment))", kind: .warning))
            return
        }
        var next = session
        next.recordType = draft.recordType
        host.open(.records(recordType: draft.recordType, query: paging.query, desiredKeys: paging.desiredKeys, resultsLimit: paging.resultsLimit), session: next)
    }

    /// Adds the first index the query lacks to development, fetches the schema again and runs the query.
    func addMissingIndex(host: any ScreenHost) {
        guard queryFields(host: host) != nil, let recordType else { return }
        let missing = QueryBuilderRows.lines(of: draft, recordType: recordType, display: display).lazy.compactMap { line -> MissingIndex? in
            guard case .missing(let index, let field)? = line.note else { return nil }
            return MissingIndex(recordType: recordType.name, field: field, index: index)
        }.first
        guard let missing else {
            host.report(StatusMessage("No index is missing for this query: R runs it"))
            return
        }
        missing.add(with: editor, host: host) { [weak self, weak host] in
            guard let self, let host else { return }
            schema.load(in: host.work) { [weak self, weak host] _ in
                guard let self, let host else { return }
                run(host: host)
            }
        }
    }

    /// Replaces the query with `saved`, which may be of another record type.
    func apply(_ saved: SavedQuery) {
        draft = saved.draft
        session.recordType = draft.recordType
        select(.run)
    }

    private func deleteRow(host: any ScreenHost) {
        switch row {
        case .filter(let index): draft.filters.remove(at: index)
        case .sort(let index): draft.sorts.remove(at: index)
        default: host.report(StatusMessage("Select a filter or a sort key to delete it", kind: .warning))
        }
        selectedRow = min(selectedRow, rows.count - 1)
    }
}
