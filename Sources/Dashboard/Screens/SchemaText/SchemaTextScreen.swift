import CKModel
import CKSchema
import TerminalKit

/// The environment's whole schema as `.ckdb` text, scrolled with the navigation keys; `/` searches it and n / N
/// go to the next and previous match.
final class SchemaTextScreen: Screen {
    let session: Session
    private let schema: Remote<(schema: Schema, ckdb: String)>
    private var text = TextView(text: "")
    private var search = ""

    init(session: Session, loader: RecordTypesLoader) {
        self.session = session
        schema = Remote { try await loader.schema() }
    }

    var title: String {
        "Schema of \(session.environment.rawValue) (.ckdb)" + (search.isEmpty ? "" : " /\(search)")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.search, keys: [.character("n")], label: "Next match", help: "Go to the next match of the search (N: the previous)", group: "Schema"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        schema.value == nil ? [] : ["line \(text.position.top + 1)/\(text.lines.count)"]
    }

    var filterStyle: FilterStyle? { .live }
    var filterText: String { search }
    var isLoading: Bool { schema.isLoading }

    func load(_ host: any ScreenHost) {
        schema.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            text = TextView(text: loaded.ckdb)
            if !search.isEmpty { text.search(for: search) }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        if action == .search { _ = text.handle(.character("n")) }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        text.handle(key)
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        search = text
        if !self.text.search(for: text), !text.isEmpty {
            host.report(StatusMessage("No match for \(text)", kind: .warning))
        }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        text.draw(in: rect, on: &canvas, theme: theme)
    }
}
