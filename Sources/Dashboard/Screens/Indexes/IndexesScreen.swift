import CKModel
import CKSchema
import TerminalKit

/// Every index of the session's environment: record type, field, kind, entries and size; Enter opens the
/// fields of the selected index's type; in development a adds an index and d drops the selected one.
final class IndexesScreen: SchemaListScreen {
    let session: Session
    let data: SchemaWithStatistics
    let editor: SchemaEditor
    var list = FilteredList<IndexRows.Entry>(columns: IndexRows.columns, emptyMessage: "No indexes in this environment", name: \.name)
    var question: SchemaQuestion?

    init(session: Session, loader: RecordTypesLoader) {
        self.session = session
        data = SchemaWithStatistics(loader: loader)
        editor = SchemaEditor(client: loader.client)
    }

    var title: String { list.title("Indexes", isLoaded: schema.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Fields", help: "Show the fields of the selected index's record type", group: "Indexes"),
        KeyBinding(.addIndex, keys: [.character("a")], label: "Add", help: "Add an index in development: record type, field, kind", group: "Indexes", isMutation: true),
        KeyBinding(.dropIndex, keys: [.character("d")], label: "Drop", help: "Drop the selected index from development (asks first)", group: "Indexes", isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }

    func load(_ host: any ScreenHost) {
        data.load(in: host.work) { [weak self] in self?.refreshRows() }
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let entry = list.selected else { return }
            var next = session
            next.recordType = entry.recordType
            host.open(.fields(recordType: entry.recordType), session: next)
        case .addIndex: askRecordType(host: host)
        case .dropIndex: confirmDrop(host: host)
        default: break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: question == nil)
        question?.draw(in: rect, on: &canvas, theme: theme)
    }

    /// Shows the indexes in the table, keeping the selection on the same index.
    func refreshRows() {
        guard let loaded = schema.value else { return }
        let selected = list.selected?.name
        let statistics = statistics.value
        list.show(IndexRows.entries(of: loaded.schema)) { IndexRows.rows($0, statistics: statistics) }
        if let selected { list.select { $0.name == selected } }
    }
}
