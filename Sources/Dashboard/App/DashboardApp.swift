import CKClient
import CKModel
import Foundation
import TerminalKit

/// The dashboard: a stack of screens under a header, a status line and a hint bar, driven by a run loop that
/// reads keys, applies the results of background fetches, and draws a frame after each.
///
/// Every terminal call happens on the thread that calls `run()` (or, in tests, `start()` and `handle(_:)`);
/// fetches run as tasks and hand their results back to that thread.
///
/// ```swift
/// let terminal = try NcursesTerminal.start()
/// defer { terminal.stop() }
/// DashboardApp(configuration: configuration, terminal: terminal).run()
/// ```
public final class DashboardApp {
    /// A screen on the stack and what it was opened as.
    struct Entry {
        var destination: Destination
        var screen: any Screen
        var isLoaded: Bool
    }

    /// A modal layer of the app over the screen.
    enum Overlay {
        case help(HelpOverlay)
        case palette
        case filter(TextField, style: FilterStyle, previous: String)
        case confirmation(ConfirmationPrompt)
        case messages(TextPanel)
    }

    private(set) var configuration: DashboardConfiguration
    let terminal: any Terminal
    /// The fetches under way.
    public let work: BackgroundWork
    var stack: [Entry] = []
    var theme: Theme
    var themeName: String
    /// The message on the status line until the next key; every one is kept in `messageLog`.
    var status: StatusMessage? {
        didSet { if let status { messageLog.record(status) } }
    }
    /// The messages of this session, which `:messages` lists in full.
    var messageLog = MessageLog()
    var overlay: Overlay?
    var palette: CommandPalette
    var knownNames: CompletionNames
    var spinner = Spinner(label: "")
    var isReadOnly: Bool
    /// The containers whose production the user unlocked for this session by typing the container's name.
    var unlockedProductions: Set<ContainerID> = []
    /// The bulk record changes of this session that `:undo` reverts.
    let undoJournal = UndoJournal()
    let display: FieldValueDisplay
    /// The keys typed while the screen on top loaded what the first of them changes.
    var typeAhead = TypeAhead()
    /// Whether `q` was pressed.
    public internal(set) var hasQuit = false
    /// The file `:keep-sign-in` keeps the signed-in user's web auth token in, written again on quitting.
    var keptSignInFile: String?
    /// How many developer notifications are unread, which the header shows.
    var unreadNotifications = 0
    /// When the unread count was last asked for.
    var lastNotificationCount = ContinuousClock.now
    /// The web auth token (none: no user) for which the sign-in was last opened by itself, so that it is not
    /// opened again for the same refusal.
    var refusedSignIn: String??

    /// A dashboard drawing on `terminal`.
    public init(configuration: DashboardConfiguration, terminal: any Terminal) {
        self.configuration = configuration
        self.terminal = terminal
        work = BackgroundWork()
        isReadOnly = configuration.isReadOnly
        display = FieldValueDisplay(timeZone: configuration.timeZone)
        let loaded = configuration.themeLoader.theme(named: configuration.themeName, for: terminal.colorLevel)
        theme = loaded.theme
        themeName = loaded.error == nil ? configuration.themeName : ThemeLoader.defaultThemeName
        let names = CompletionNames(themes: configuration.themeLoader.availableNames)
        knownNames = names
        palette = CommandPalette { _ in [] }
        palette = makePalette()
        if let error = loaded.error { status = StatusMessage("Theme: \(error) (using the default theme)", kind: .error) }
        work.onFailure = { [weak self] in self?.signInAgainIfRefused($0) }
    }

    /// Opens the first screens and starts their fetches, then draws.
    public func start() {
        // With data API credentials only, the database given is browsed at once (a user's, once one signs in).
        let signsInFirst = !configuration.hasManagementAPI && configuration.database != .public && configuration.client.webAuthToken == nil
        var session = Session(
            environment: configuration.environment, database: configuration.hasManagementAPI || signsInFirst ? .public : configuration.database)
        stack = []
        if configuration.hasManagementAPI {
            stack.append(Entry(destination: .containers, screen: Destination.containers.makeScreen(session: session, configuration: configuration, display: display), isLoaded: false))
        }
        if let container = configuration.container {
            session.container = container
            // Without the management API nor a schema file, nothing lists the types: the zones come first.
            let home: Destination = configuration.hasManagementAPI || configuration.schemaFile != nil ? .recordTypes : .zones
            stack.append(Entry(destination: home, screen: home.makeScreen(session: session, configuration: configuration, display: display), isLoaded: false))
        }
        if stack.isEmpty {
            stack = [Entry(destination: .containers, screen: Destination.containers.makeScreen(session: session, configuration: configuration, display: display), isLoaded: false)]
        }
        loadTopScreen()
        if signsInFirst, configuration.client.configuration.credentials.apiToken != nil, session.container != nil {
            open(.signIn(database: configuration.database), session: session)
        }
        checkToken()
        refreshNotificationCount()
        if let user = configuration.actingAs {
            actAs(user, database: configuration.database)
        } else if configuration.database != .public, configuration.hasManagementAPI {
            report(StatusMessage("The \(configuration.database.rawValue) database belongs to a user: choose one with d or :db \(configuration.database.rawValue) USER", kind: .warning))
        }
        draw()
    }

    /// Runs until the user quits: reads keys, applies finished fetches, and draws after each.
    public func run() {
        start()
        var lastTick = ContinuousClock.now
        while !hasQuit {
            let event = terminal.nextEvent(timeout: work.isBusy ? .milliseconds(40) : .milliseconds(500))
            if let event { handle(event) }
            refreshNotificationCountWhenDue()
            deliverFinishedWork()
            if work.isBusy, ContinuousClock.now - lastTick > .milliseconds(120) {
                spinner.tick()
                lastTick = .now
                draw()
            }
        }
        work.cancelAll()
        undoJournal.assetFiles.removeAll()
        if let file = keptSignInFile, let token = configuration.client.webAuthToken { try? WebAuthTokenFile.write(token, to: file) }
    }

    /// Handles one key or resize and draws the result; a terminal that hung up ends the run loop.
    public func handle(_ event: TerminalEvent) {
        switch event {
        case .resize: break
        case .key(let key): handle(key)
        case .hangup:
            hasQuit = true
            return
        }
        draw()
    }

    /// Applies the fetches that finished, hands on the keys typed ahead once the screen has loaded, and draws if any
    /// fetch finished; returns whether any did.
    @discardableResult
    public func deliverFinishedWork() -> Bool {
        guard work.deliverFinished() > 0 else { return false }
        replayTypeAhead()
        draw()
        return true
    }

    /// The screen on top.
    var top: any Screen { stack[stack.count - 1].screen }

    /// Starts the top screen's fetches if it has not fetched yet.
    func loadTopScreen() {
        guard !stack.isEmpty, !stack[stack.count - 1].isLoaded else { return }
        stack[stack.count - 1].isLoaded = true
        top.load(self)
    }

    /// Marks the session read-only when the management token is.
    private func checkToken() {
        guard configuration.hasManagementAPI else { return }
        let client = configuration.client
        work.start({ try await client.currentManagementToken() }) { [weak self] result in
            guard let self, case .success(let token) = result, token.readOnly, !isReadOnly else { return }
            isReadOnly = true
            report(StatusMessage("The management token \(token.name) is read-only: nothing can be changed", kind: .warning))
        }
    }
}

extension DashboardApp: ScreenHost {
    func open(_ destination: Destination, session: Session) {
        guard configuration.hasManagementAPI || !destination.needsManagementAPI(schemaFromFile: configuration.schemaFile != nil) else {
            report(StatusMessage(Destination.managementAPIRefusal, kind: .warning))
            return
        }
        stack.append(Entry(destination: destination, screen: destination.makeScreen(session: session, configuration: configuration, display: display), isLoaded: false))
        status = nil
        loadTopScreen()
    }

    func close(_ screen: any Screen) -> Bool {
        guard stack.count > 1, top === screen else { return false }
        closeTopScreen()
        return true
    }

    func report(_ message: StatusMessage) {
        status = message
    }

    func learn(_ names: [String], for kind: CompletionKind) {
        knownNames.names[kind] = names
    }

    func copyToClipboard(_ text: String, describing what: String) {
        terminal.copyToClipboard(text)
        report(StatusMessage("Copied \(what) to the clipboard (\(Counting.size(text.utf8.count)))", kind: .success))
    }

    var savedQueriesFolder: URL? { configuration.savedQueriesFolder }

    func signedIn(_ client: CloudKitClient, userRecordName: String, database: DatabaseScope) {
        configuration.client = client
        if top is SignInScreen {
            top.cancelLoading(self)
            stack.removeLast()
        }
        // Signing in again where the user was (a lapsed token) keeps their zone; another database starts at its default.
        let staysInDatabase = top.session.database == database
        switchSession {
            $0.database = database
            if !staysInDatabase { $0.zone = nil }
        }
        let reach = database == .public ? "what needs a user in the public database is theirs" : "the \(database.rawValue) database is theirs"
        report(StatusMessage("Signed in as \(userRecordName): \(reach)", kind: .success))
    }

    func actAs(_ user: ActingUser?) {
        switchSession {
            $0.user = user
            if user == nil { $0.database = .public }
        }
    }

    func confirm(_ confirmation: Confirmation, then action: @escaping () -> Void) {
        overlay = .confirmation(ConfirmationPrompt(confirmation, onConfirm: action))
    }

    func undoLastChange() {
        guard let entry = undoJournal.entries.last else {
            report(StatusMessage("Nothing to undo: no bulk delete or import in this session", kind: .warning))
            return
        }
        let (client, assetFiles) = (entry.session.client(from: configuration.client), undoJournal.assetFiles)
        confirm(Confirmation(title: "Undo: \(entry.description)?", message: entry.revertDescription, confirmTitle: "Undo")) { [weak self] in
            self?.change("Undoing: \(entry.description)", { try await UndoJournal.revert(entry, with: client, assetFiles: assetFiles) }) { [weak self] count in
                guard let self else { return }
                undoJournal.removeLast()
                report(StatusMessage("Undone: \(entry.description) (\(Counting.counted(count, "record")))", kind: .success))
                top.load(self)
            }
        }
    }

    func change<Value: Sendable>(
        _ description: String, _ operation: @escaping @Sendable () async throws -> Value, done: @escaping (Value) -> Void
    ) {
        if let refusal = changeRefusal {
            report(StatusMessage(refusal, kind: .warning))
            return
        }
        report(StatusMessage(description + "…"))
        work.start(operation) { [weak self] result in
            switch result {
            case .success(let value):
                self?.status = nil
                done(value)
            case .failure(let error):
                self?.report(StatusMessage("\(description) failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }
}
