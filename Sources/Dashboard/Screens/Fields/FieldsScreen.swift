import CKModel
import CKSchema
import TerminalKit

/// One record type's fields: type, QUERYABLE / SORTABLE / SEARCHABLE indexes and their size, with the system
/// fields after the type's own.
final class FieldsScreen: Screen {
    let session: Session
    private let recordTypeName: String
    private let schema: Remote<(schema: Schema, ckdb: String)>
    private let statistics: Remote<[String: ManagementStatistics.RecordType]>
    private var table = Table(columns: FieldRows.columns, source: TableRows([]))
    private var filter = ""

    init(session: Session, recordType: String, loader: RecordTypesLoader) {
        self.session = session
        recordTypeName = recordType
        schema = Remote { try await loader.schema() }
        statistics = Remote { try await loader.statistics() }
    }

    var title: String {
        "Fields of \(recordTypeName)" + (visibleFields.map { " [\($0.count)]" } ?? "") + (filter.isEmpty ? "" : " /\(filter)")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Records", help: "Browse the records of this type", group: "Fields"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        guard let fields = visibleFields, let row = table.selectedRow else { return [] }
        return ["\(row + 1)/\(fields.count)"]
    }

    var filterStyle: FilterStyle? { .live }
    var filterText: String { filter }
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
        if action == .open { host.open(.records(recordType: recordTypeName, query: nil), session: session) }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        table.handleOpening(key) {}
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        filter = text
        refreshRows()
        table.select(row: 0)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard let loaded = schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") else { return }
        guard loaded.schema.recordType(named: recordTypeName) != nil else {
            canvas.fill(rect, style: theme.style(.text))
            canvas.write("\(recordTypeName) is not a record type of \(session.environment.rawValue).", in: rect.row(rect.height / 2),
                         alignment: .center, style: theme.style(.error))
            return
        }
        table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }

    private var visibleFields: [Field]? {
        guard let type = schema.value?.schema.recordType(named: recordTypeName) else { return nil }
        let fields = FieldRows.fields(of: type)
        return LiveFilter.apply(filter, to: fields, name: \.name)
    }

    private func refreshRows() {
        guard let fields = visibleFields else { return }
        table.source = FieldRows.rows(fields, statistics: statistics.value?[recordTypeName])
    }
}
