import CKCoreData
import CKModel
import Foundation
import TerminalKit

/// A Core Data model beside the container's schema (`:model PATH`): the model's CloudKit rules, then what the schema
/// it mirrors to needs and production (or development, `e`) lacks, has of another type, or no longer needs, grouped as
/// the deploy screen groups a diff. `a` adds a missing type or field to development, as the model mirrors it; `D`
/// then opens the deploy screen to take it to production. Enter shows a problem in full.
final class ModelScreen: FilteredListScreen {
    let session: Session
    private let path: String
    private let loader: ModelLoader
    private var environment: ContainerEnvironment = .production
    private var report: Remote<ModelReport>
    var list = FilteredList<ModelProblem>(
        columns: ModelProblemRows.columns, emptyMessage: "The model fits: nothing missing, nothing different, nothing left over",
        name: { "\($0.subject) \($0.message)" })
    var question: SchemaQuestion?
    private var details: TextPanel?

    init(session: Session, path: String, loader: ModelLoader) {
        self.session = session
        self.path = path
        self.loader = loader
        report = Self.report(path, environment: .production, database: session.database, loader: loader)
    }

    /// The check of `path` against `environment`, for a store syncing with the session's database (private unless
    /// the session is on the public or shared one).
    private static func report(_ path: String, environment: ContainerEnvironment, database: DatabaseScope, loader: ModelLoader) -> Remote<ModelReport> {
        let scope: DatabaseScope = database == .public ? .private : database
        return Remote { try await loader.check(path, against: environment, database: scope) }
    }

    var title: String {
        list.title("Model \(path.split(separator: "/").last.map(String.init) ?? path) against \(environment.rawValue)", isLoaded: report.value != nil)
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Show the selected problem in full", group: "Model"),
        KeyBinding(
            .addToDevelopment, keys: [.character("a")], label: "Add",
            help: "Add the record type or field the environment lacks to development, as the model mirrors it", group: "Model", isMutation: true),
        KeyBinding(.showDeploy, keys: [.character("D")], label: "Deploy", help: "Open the deploy screen, to take development's changes to production", group: "Model"),
        KeyBinding(
            .compareEnvironment, keys: [.character("e")], label: "Env", help: "Check the model against development instead of production, or back",
            group: "Model"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { report.isLoading }
    var hasFailedToLoad: Bool { report.hasFailed }
    var capturesKeys: Bool { details != nil || question != nil }
    /// Adding reaches development only.
    var changesProduction: Bool { false }
    var currentDestination: Destination? { .model(path: path) }

    func load(_ host: any ScreenHost) {
        report.load(in: host.work) { [weak self] loaded in
            self?.list.show(ModelProblemRows.sorted(loaded.problems)) { ModelProblemRows.rows($0, developmentHas: loaded.developmentHas) }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        report.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let problem = list.selected else { return }
            details = TextPanel(title: problem.subject, lines: detailLines(of: problem))
        case .addToDevelopment:
            addToDevelopment(host: host)
        case .showDeploy:
            var development = session
            development.environment = .development
            host.open(.deploy(), session: development)
        case .compareEnvironment:
            environment = environment == .production ? .development : .production
            report.cancel(in: host.work)
            report = Self.report(path, environment: environment, database: session.database, loader: loader)
            load(host)
        default:
            break
        }
    }

    /// A problem in full, wrapped to fit an 80-column terminal: what, where in the model, and what `a` and `D` do.
    private func detailLines(of problem: ModelProblem) -> [String] {
        let next: String? = problem.missing.map { missing in
            report.value?.developmentHas(missing) == true
                ? "Development has it already: D opens the deploy screen to take it to production."
                : "a adds it to development, as the model mirrors it; D then opens the deploy screen."
        }
        let paragraphs = [problem.message, problem.line.map { "Line \($0) of the model file." }, next].compactMap { $0 }
        return ["\(problem.severity.rawValue.capitalized), \(ModelProblemRows.title(of: problem.kind))"]
            + paragraphs.flatMap { [""] + TextWrapping.lines(of: $0, width: 68) }
    }

    /// Adds what the selected problem says the environment lacks to development, then checks again.
    private func addToDevelopment(host: any ScreenHost) {
        guard let problem = list.selected, let missing = problem.missing, let report = report.value else {
            return host.report(StatusMessage("Only a missing record type or field can be added: select one of the group missing", kind: .warning))
        }
        guard !report.developmentHas(missing) else {
            return host.report(StatusMessage("Development has \(problem.subject) already: D opens the deploy screen to take it to production", kind: .warning))
        }
        let edits = report.edits(adding: missing)
        let what = missing.field.map { "\(missing.recordType).\($0)" } ?? missing.recordType
        let loader = loader
        host.change("Adding \(what) to development", { try await loader.addToDevelopment(edits) }) { [weak self, weak host] _ in
            guard let self, let host else { return }
            host.report(StatusMessage(
                "Added \(what) to development" + (environment == .production ? ": D opens the deploy screen to take it to production" : ""), kind: .success))
            load(host)
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        if var panel = details {
            details = panel.handle(key) == .closed ? nil : panel
            return true
        }
        return handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard let loaded = report.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Reading the model and \(environment.rawValue)'s schema…") else {
            return
        }
        let (caption, table) = rect.splitTop(1)
        let errors = loaded.problems.filter { $0.severity == .error }.count
        let summary = "\(Counting.counted(errors, "error")), \(Counting.counted(loaded.problems.count - errors, "warning"))"
        canvas.write(
            "\(summary): \(loaded.path) against \(environment.rawValue) of \(session.container?.rawValue ?? "the container")", in: caption,
            style: theme.style(errors > 0 ? .error : .success))
        list.table.draw(in: table, on: &canvas, theme: theme, focused: details == nil)
        if var panel = details {
            panel.draw(in: rect, on: &canvas, theme: theme)
            details = panel
        }
    }
}
