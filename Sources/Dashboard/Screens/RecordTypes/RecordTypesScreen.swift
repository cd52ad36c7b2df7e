import CKModel
import CKSchema
import TerminalKit

/// The record types of the session's environment with their record counts, fields, indexes and lint warnings;
/// Enter opens a type's records, f its fields, Q the query builder on it, s the schema as `.ckdb` text, i every
/// index, P the deploy screen; in development n creates a type and d deletes one.
final class RecordTypesScreen: SchemaListScreen {
    let session: Session
    let data: SchemaWithStatistics
    let editor: SchemaEditor
    var list = FilteredList<RecordType>(columns: RecordTypeRows.columns, emptyMessage: "No record types in this environment", name: \.name)
    var question: SchemaQuestion?
    /// The type to select once the schema comes again: the one just created.
    var pendingSelection: String?
    /// The lint warnings of the schema shown.
    private var lint: LintWarnings?

    init(session: Session, loader: RecordTypesLoader) {
        self.session = session
        data = SchemaWithStatistics(loader: loader)
        editor = SchemaEditor(client: loader.client)
    }

    /// The title; outside the public database's default zone it says that the counts are the environment's, since
    /// the statistics count every database and zone.
    var title: String {
        let title = list.title("Record types", isLoaded: schema.value != nil)
        guard session.database != .public || session.zone != nil else { return title }
        return title + " · counts of all \(session.environment.rawValue)"
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Records", help: "Browse the records of the selected type", group: "Record types"),
        KeyBinding(.showFields, keys: [.character("f")], label: "Fields", help: "Show the fields and indexes of the selected type", group: "Record types"),
        KeyBinding(.queryBuilder, keys: [.character("Q")], label: "Query", help: "Build a query on the selected type", group: "Record types", isShownInHints: false),
        KeyBinding(.showSchemaText, keys: [.character("s")], label: "Schema", help: "Show the whole schema as .ckdb text", group: "Record types", isShownInHints: false),
        KeyBinding(.showIndexes, keys: [.character("i")], label: "Indexes", help: "Show every index of the environment", group: "Record types"),
        KeyBinding(.showZones, keys: [.character("z")], label: "Zones", help: "Show the zones of this database", group: "Record types", isShownInHints: false),
        KeyBinding(.createRecordType, keys: [.character("n")], label: "New", help: "Create a record type in development", group: "Record types", isMutation: true),
        KeyBinding(.deleteRecordType, keys: [.character("d")], label: "Delete", help: "Delete the selected record type from development (asks first)", group: "Record types", isMutation: true),
        KeyBinding(.showDeploy, keys: [.character("P")], label: "Deploy", help: "Review development's changes and promote them to production", group: "Record types", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }


    func load(_ host: any ScreenHost) {
        data.load(in: host.work) { [weak self, weak host] in
            self?.refreshRows()
            guard let self, let loaded = schema.value else { return }
            host?.learn(loaded.schema.recordTypes.map(\.name), for: .recordType)
        }
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
        case .showIndexes:
            host.open(.indexes, session: session)
        case .showZones:
            host.open(.zones, session: session)
        case .showDeploy:
            host.open(.deploy(), session: session)
        case .createRecordType:
            askNewTypeName(host: host)
        case .deleteRecordType:
            confirmDeletion(host: host)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        let warnings = list.selected.map { lint?.of($0.name) ?? [] } ?? []
        let (body, footer) = rect.splitBottom(warnings.isEmpty ? 0 : 1)
        list.table.draw(in: body, on: &canvas, theme: theme, focused: question == nil)
        if let first = warnings.first {
            let more = warnings.count > 1 ? " (\(warnings.count - 1) more: f lists them)" : ""
            canvas.fill(footer, style: theme.style(.text))
            canvas.write(DisplayWidth.truncated("⚠ " + first.message + more, toFit: footer.width), in: footer, style: theme.style(.warning))
        }
        question?.draw(in: rect, on: &canvas, theme: theme)
    }

    /// Shows the types in the table, selecting the one just created.
    func refreshRows() {
        guard let loaded = schema.value else { return }
        let (statistics, lint) = (statistics.value, LintWarnings(loaded.schema))
        self.lint = lint
        list.show(RecordTypeRows.ordered(loaded.schema.recordTypes)) { [isCounted = data.loader.countsRecords] in
            RecordTypeRows.rows($0, statistics: statistics, isCounted: isCounted, lint: lint)
        }
        if let name = pendingSelection {
            list.select { $0.name == name }
            pendingSelection = nil
        }
    }
}
