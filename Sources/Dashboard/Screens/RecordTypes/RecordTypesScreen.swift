import CKModel
import CKSchema
import TerminalKit

/// The record types of the session's environment with their record counts, fields and indexes; Enter opens
/// a type's records, f its fields, Q the query builder on it, s the schema as `.ckdb` text, P the deploy screen.
final class RecordTypesScreen: Screen {
    let session: Session
    private let schema: Remote<(schema: Schema, ckdb: String)>
    private let statistics: Remote<[String: ManagementStatistics.RecordType]>
    private var list = FilteredList<RecordType>(columns: RecordTypeRows.columns, emptyMessage: "No record types in this environment", name: \.name)

    init(session: Session, loader: RecordTypesLoader) {
        self.session = session
        schema = Remote { try await loader.schema() }
        statistics = Remote { try await loader.statistics() }
    }

    var title: String { list.title("Record types", isLoaded: schema.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Records", help: "Browse the records of the selected type", group: "Record types"),
        KeyBinding(.showFields, keys: [.character("f")], label: "Fields", help: "Show the fields and indexes of the selected type", group: "Record types"),
        KeyBinding(.queryBuilder, keys: [.character("Q")], label: "Query", help: "Build a query on the selected type", group: "Record types", isShownInHints: false),
        KeyBinding(.showSchemaText, keys: [.character("s")], label: "Schema", help: "Show the whole schema as .ckdb text", group: "Record types"),
        KeyBinding(.showZones, keys: [.character("z")], label: "Zones", help: "Show the zones of this database", group: "Record types"),
        KeyBinding(.showDeploy, keys: [.character("P")], label: "Deploy", help: "Review development's changes and promote them to production", group: "Record types", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var isLoading: Bool { schema.isLoading || statistics.isLoading }

    func load(_ host: any ScreenHost) {
        schema.load(in: host.work) { [weak self, weak host] loaded in
            host?.learn(loaded.schema.recordTypes.map(\.name), for: .recordType)
            self?.refreshRows()
        }
        statistics.load(in: host.work) { [weak self] _ in self?.refreshRows() }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
        statistics.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open, .showFields, .queryBuilder:
            guard let type = list.selected else { return }
            var next = session
            next.recordType = type.name
            let destination: Destination = switch action {
            case .open: .records(recordType: type.name, query: nil)
            case .showFields: .fields(recordType: type.name)
            default: .queryBuilder(recordType: type.name)
            }
            host.open(destination, session: next)
        case .showSchemaText:
            host.open(.schemaText, session: session)
        case .showZones:
            host.open(.zones, session: session)
        case .showDeploy:
            host.open(.deploy(), session: session)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        list.table.handleOpening(key) { perform(.open, host: host) }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }

    private func refreshRows() {
        guard let loaded = schema.value else { return }
        let statistics = statistics.value
        list.show(loaded.schema.recordTypes.sorted { $0.name < $1.name }) { RecordTypeRows.rows($0, statistics: statistics) }
    }
}
