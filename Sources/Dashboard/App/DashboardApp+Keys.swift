import TerminalKit

extension DashboardApp {
    /// The keys of the screen on top and the app's own, as the hint bar, the help overlay and key handling see
    /// them; without the mutations in a read-only session, nor what needs the management API without it.
    var bindings: KeyBindingTable {
        var own = isReadOnly ? top.bindings.readOnly : top.bindings
        if !configuration.hasManagementAPI {
            own = KeyBindingTable(own.bindings.filter { !KeyAction.needingManagementAPI.contains($0.action) })
        }
        let shared = top.filterStyle == nil ? AppBindings.table.removing(.filter) : AppBindings.table
        return own.appending(shared)
    }

    /// Routes a key: to the open overlay, to a screen that takes every key, to the action it is bound to, or to
    /// the screen's widgets.
    func handle(_ key: Key) {
        status = nil
        if key == .control("c") {
            if case .confirmation(let prompt)? = overlay, prompt.confirmation.title == Self.quitQuestion {
                hasQuit = true  // Ctrl-C twice: quit without saving, as asked
            } else {
                quit()
            }
            return
        }
        if typeAhead.isHolding {
            holdTypedAhead(key)
            return
        }
        if let overlay {
            handle(key, in: overlay)
            return
        }
        if top.capturesKeys {
            _ = top.handle(key, host: self)
            return
        }
        if let binding = top.bindings.binding(for: key), binding.isMutation {
            if let refusal = refusal(of: binding) {
                report(StatusMessage(refusal, kind: .warning))
                return
            }
            if top.isLoading(for: binding.action) {
                typeAhead.start(with: key, label: binding.label)
                report(StatusMessage(typeAhead.status, kind: .warning))
                return
            }
        }
        guard let action = bindings.action(for: key) else {
            _ = top.handle(key, host: self)
            return
        }
        perform(action, key: key)
    }

    private func perform(_ action: KeyAction, key: Key) {
        switch action {
        case .help:
            overlay = .help(helpOverlay())
        case .commandPalette:
            palette = makePalette()
            overlay = .palette
        case .filter:
            guard let style = top.filterStyle else {
                report(StatusMessage("This screen has no filter", kind: .warning))
                return
            }
            overlay = .filter(TextField(text: top.filterText, placeholder: style.placeholder), style: style, previous: top.filterText)
        case .back:
            goBack()
        case .reload:
            reload()
        case .quit:
            quit()
        default:
            if top.bindings.action(for: key) == action {
                top.perform(action, host: self)
            } else {
                _ = top.handle(key, host: self)
            }
        }
    }

    /// Esc: cancels the fetch under way, else clears the filter, else goes back one screen.
    func goBack() {
        if top.isLoading {
            top.cancelLoading(self)
            report(StatusMessage("Cancelled: r fetches again, Esc goes back"))
        } else if !top.filterText.isEmpty {
            top.applyFilter("", host: self)
        } else if stack.count > 1, let unsaved = top.unsavedChanges {
            confirm(Confirmation(title: "Discard your changes?", message: unsaved, confirmTitle: "Discard")) { [weak self] in self?.closeTopScreen() }
        } else if stack.count > 1 {
            closeTopScreen()
        } else {
            report(StatusMessage("This is the first screen: q quits"))
        }
    }

    /// r: fetches the screen again, first asking when that throws away changes not saved.
    func reload() {
        guard let unsaved = top.unsavedChanges else {
            top.load(self)
            return
        }
        confirm(Confirmation(title: "Fetch again and discard your changes?", message: unsaved, confirmTitle: "Discard")) { [weak self] in
            guard let self else { return }
            top.load(self)
        }
    }

    /// The question before quitting with changes not saved.
    static let quitQuestion = "Quit and discard your changes?"

    /// q, Ctrl-C and `:quit`: leaves at once, or first asks when a screen of the stack holds changes not saved.
    func quit() {
        let unsaved = stack.compactMap(\.screen.unsavedChanges)
        guard !unsaved.isEmpty else {
            hasQuit = true
            return
        }
        let message = unsaved.joined(separator: " ") + " Ctrl-C again quits too."
        confirm(Confirmation(title: Self.quitQuestion, message: message, confirmTitle: "Quit")) { [weak self] in
            self?.hasQuit = true
        }
    }

    /// Closes the screen on top; the one below fetches again when the closed one changed its data.
    func closeTopScreen() {
        top.cancelLoading(self)
        let changed = top.hasChangedData
        stack.removeLast()
        if changed, stack[stack.count - 1].isLoaded {
            top.load(self)
        } else {
            loadTopScreen()
        }
    }

    /// Why the change `binding` makes cannot be made now: a read-only session, the screen's own reason (schema
    /// changes in production), or production still locked; `nil` when it can.
    func refusal(of binding: KeyBinding) -> String? {
        if isReadOnly { return "Read-only session: \(binding.label) is not available" }
        return top.refusal(of: binding) ?? lockRefusal
    }

    /// Holds a key typed after a change that waits for the screen to load; Esc drops them all instead.
    private func holdTypedAhead(_ key: Key) {
        if key == .escape {
            let dropped = typeAhead.take()
            report(StatusMessage("Dropped \(Counting.counted(dropped.count, "key")) typed while the screen loaded: nothing was done"))
        } else if typeAhead.hold(key) {
            report(StatusMessage(typeAhead.status, kind: .warning))
        } else {
            report(StatusMessage("Too many keys typed ahead: the ones after the first \(TypeAhead.capacity) are dropped", kind: .error))
        }
    }

    /// Hands the keys typed ahead to the screen, in order, once it has loaded what the first of them changes.
    func replayTypeAhead() {
        guard let first = typeAhead.keys.first else { return }
        if top.hasFailedToLoad {
            let dropped = typeAhead.take()
            report(StatusMessage("Dropped \(Counting.counted(dropped.count, "key")) typed ahead: the screen did not load (r tries again)", kind: .warning))
            return
        }
        if let binding = top.bindings.binding(for: first), top.isLoading(for: binding.action) { return }
        for key in typeAhead.take() {
            handle(key)
        }
    }

    /// Why nothing can be changed from the screen on top now: a read-only session, or production still locked.
    var changeRefusal: String? {
        isReadOnly ? "Read-only session: nothing can be changed" : lockRefusal
    }

    private var lockRefusal: String? {
        guard top.changesProduction, !isProductionUnlocked else { return nil }
        return "Production is locked: :unlock and type the container's name to allow changes for this session"
    }

    /// Whether the container on top has its production unlocked for this session.
    var isProductionUnlocked: Bool {
        top.session.container.map { unlockedProductions.contains($0) } ?? false
    }

    private func handle(_ key: Key, in overlay: Overlay) {
        switch overlay {
        case .confirmation(var prompt):
            switch prompt.handle(key) {
            case .consumed:
                self.overlay = .confirmation(prompt)
            case .confirmed:
                self.overlay = nil
                prompt.onConfirm()
            case .declined:
                self.overlay = nil
                report(StatusMessage("Cancelled: nothing was changed"))
            }
        case .help(var help):
            self.overlay = help.handle(key) == .closed ? nil : .help(help)
        case .messages(var panel):
            self.overlay = panel.handle(key) == .closed ? nil : .messages(panel)
        case .palette:
            switch palette.handle(key) {
            case .consumed: break
            case .closed: self.overlay = nil
            case .submitted(let text):
                self.overlay = nil
                run(command: text)
            }
        case .filter(var field, let style, let previous):
            switch field.handle(key) {
            case .submitted(let text):
                self.overlay = nil
                if style != .live { top.applyFilter(text, host: self) }
            case .cancelled:
                self.overlay = nil
                if style == .live { top.applyFilter(previous, host: self) }
            case .edited:
                self.overlay = .filter(field, style: style, previous: previous)
                if style == .live { top.applyFilter(field.text, host: self) }
            case .consumed, .ignored:
                self.overlay = .filter(field, style: style, previous: previous)
            }
        }
    }

    /// A command palette over the names known now, keeping the history of earlier commands.
    /// The keys of the top screen, titled; with data API credentials only, the title says so and a note says
    /// what is left out and why (the keys that need the management API are not listed).
    func helpOverlay() -> HelpOverlay {
        guard !configuration.hasManagementAPI else { return HelpOverlay(bindings: bindings, title: "Keys: \(top.title)") }
        return HelpOverlay(bindings: bindings, title: "Keys: \(top.title) · data API only", notes: Self.dataAPIOnlyNotes)
    }

    /// What the help says the session leaves out with data API credentials only.
    static let dataAPIOnlyNotes = [
        "Not offered: what needs ckserver's management API (schema changes, roles,",
        "tokens, logs, telemetry, alerts, deploys); on Apple's CloudKit, use CloudKit Console.",
    ]

    func makePalette() -> CommandPalette {
        var offered = knownNames
        offered.leavesOutChanges = isReadOnly
        offered.lacksManagementAPI = !configuration.hasManagementAPI
        offered.hasSchemaFile = configuration.schemaFile != nil
        let names = offered
        return CommandPalette(history: palette.history) { typed in names.completions(for: typed) }
    }
}

extension FilterStyle {
    /// What the empty filter field shows.
    var placeholder: String {
        switch self {
        case .live: "type to filter, Enter keeps it, Esc restores"
        case .query(let placeholder): placeholder
        }
    }
}
