import CKModel
import CKSchema
import TerminalKit

/// One record type's fields: type, QUERYABLE / SORTABLE / SEARCHABLE indexes and their size, with the system
/// fields after the type's own, and the type's lint warnings below; Enter opens the type's records, Q the query
/// builder on it; in development a adds a field, d removes one, and 1, 2, 3 turn its indexes on or off.
final class FieldsScreen: SchemaListScreen {
    let session: Session
    let recordTypeName: String
    let data: SchemaWithStatistics
    let editor: SchemaEditor
    var list = FilteredList<Field>(columns: FieldRows.columns, emptyMessage: "No fields", name: \.name)
    var question: SchemaQuestion?
    /// The lint warnings about the type.
    private var warnings: [SchemaIssue] = []

    init(session: Session, recordType: String, loader: RecordTypesLoader) {
        self.session = session
        recordTypeName = recordType
        data = SchemaWithStatistics(loader: loader)
        editor = SchemaEditor(client: loader.client)
    }

    var title: String { list.title("Fields of \(recordTypeName)", isLoaded: recordType != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Records", help: "Browse the records of this type", group: "Fields"),
        KeyBinding(.queryBuilder, keys: [.character("Q")], label: "Query", help: "Build a query on this type", group: "Fields", isShownInHints: false),
        KeyBinding(.addField, keys: [.character("a")], label: "Add", help: "Add a field to this type in development: name, type, indexes", group: "Fields", isMutation: true),
        KeyBinding(.removeField, keys: [.character("d")], label: "Remove", help: "Remove the selected field from development (asks first)", group: "Fields", isMutation: true),
        KeyBinding(.toggleQueryable, keys: [.character("1")], label: "Queryable", help: "Add or drop QUERYABLE on the selected field in development", group: "Fields", isMutation: true),
        KeyBinding(.toggleSortable, keys: [.character("2")], label: "Sortable", help: "Add or drop SORTABLE on the selected field in development", group: "Fields", isMutation: true),
        KeyBinding(.toggleSearchable, keys: [.character("3")], label: "Searchable", help: "Add or drop SEARCHABLE on the selected field in development", group: "Fields", isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }

    func load(_ host: any ScreenHost) {
        data.load(in: host.work) { [weak self] in self?.refreshRows() }
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open: host.open(.records(recordType: recordTypeName, query: nil), session: session)
        case .queryBuilder: host.open(.queryBuilder(recordType: recordTypeName), session: session)
        case .addField: askNewFieldName(host: host)
        case .removeField: confirmRemoval(host: host)
        case .toggleQueryable: toggle(.queryable, host: host)
        case .toggleSortable: toggle(.sortable, host: host)
        case .toggleSearchable: toggle(.searchable, host: host)
        default: break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) {}
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        guard recordType != nil else {
            canvas.fill(rect, style: theme.style(.text))
            canvas.write("\(recordTypeName) is not a record type of \(session.environment.rawValue).", in: rect.row(rect.height / 2),
                         alignment: .center, style: theme.style(.error))
            return
        }
        let shown = min(warnings.count, max(0, rect.height / 3))
        let (body, footer) = rect.splitBottom(shown == 0 ? 0 : shown + 1)
        list.table.draw(in: body, on: &canvas, theme: theme, focused: question == nil)
        if shown > 0 {
            canvas.fill(footer, style: theme.style(.text))
            let heading = "─ \(warnings.count) lint warning\(warnings.count == 1 ? "" : "s") "
            canvas.write(heading + String(repeating: "─", count: max(0, footer.width - DisplayWidth.of(heading))), in: footer.row(0), style: theme.style(.border))
            for (offset, warning) in warnings.prefix(shown).enumerated() {
                let more = offset == shown - 1 && shown < warnings.count ? " (and \(warnings.count - shown) more)" : ""
                canvas.write(DisplayWidth.truncated("⚠ " + warning.message + more, toFit: footer.width), in: footer.row(1 + offset), style: theme.style(.warning))
            }
        }
        question?.draw(in: rect, on: &canvas, theme: theme)
    }

    /// The record type in the environment's schema, once it came.
    var recordType: RecordType? {
        schema.value?.schema.recordType(named: recordTypeName)
    }

    /// Shows the type's fields in the table, keeping the selection on the same field.
    func refreshRows() {
        guard let recordType, let loaded = schema.value else { return }
        warnings = LintWarnings(loaded.schema).of(recordTypeName)
        let selected = list.selected?.name
        let statistics = statistics.value?[recordTypeName]
        list.show(FieldRows.fields(of: recordType)) { FieldRows.rows($0, statistics: statistics) }
        if let selected { list.select { $0.name == selected } }
    }
}
