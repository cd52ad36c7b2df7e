import CKModel
import CKSchema
import TerminalKit

/// One record type's fields: type, QUERYABLE / SORTABLE / SEARCHABLE indexes and their size, with the system
/// fields after the type's own; Enter opens the type's records, Q the query builder on it.
final class FieldsScreen: Screen {
    let session: Session
    private let recordTypeName: String
    private let schema: Remote<(schema: Schema, ckdb: String)>
    private let statistics: Remote<[String: ManagementStatistics.RecordType]>
    private var list = FilteredList<Field>(columns: FieldRows.columns, emptyMessage: "No fields", name: \.name)

    init(session: Session, recordType: String, loader: RecordTypesLoader) {
        self.session = session
        recordTypeName = recordType
        schema = Remote { try await loader.schema() }
        statistics = Remote { try await loader.statistics() }
    }

    var title: String { list.title("Fields of \(recordTypeName)", isLoaded: recordType != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Records", help: "Browse the records of this type", group: "Fields"),
        KeyBinding(.queryBuilder, keys: [.character("Q")], label: "Query", help: "Build a query on this type", group: "Fields"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var isLoading: Bool { schema.isLoading || statistics.isLoading }

    func load(_ host: any ScreenHost) {
        schema.load(in: host.work) { [weak self] _ in self?.refreshRows() }
        statistics.load(in: host.work) { [weak self] _ in self?.refreshRows() }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
        statistics.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open: host.open(.records(recordType: recordTypeName, query: nil), session: session)
        case .queryBuilder: host.open(.queryBuilder(recordType: recordTypeName), session: session)
        default: break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        list.table.handleOpening(key) {}
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        guard recordType != nil else {
            canvas.fill(rect, style: theme.style(.text))
            canvas.write("\(recordTypeName) is not a record type of \(session.environment.rawValue).", in: rect.row(rect.height / 2),
                         alignment: .center, style: theme.style(.error))
            return
        }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }

    private var recordType: RecordType? {
        schema.value?.schema.recordType(named: recordTypeName)
    }

    private func refreshRows() {
        guard let recordType else { return }
        let statistics = statistics.value?[recordTypeName]
        list.show(FieldRows.fields(of: recordType)) { FieldRows.rows($0, statistics: statistics) }
    }
}
