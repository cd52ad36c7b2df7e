import TerminalKit

extension DashboardApp {
    /// The keys of the screen on top and the app's own, as the hint bar, the help overlay and key handling see
    /// them; without the mutations in a read-only session.
    var bindings: KeyBindingTable {
        let own = isReadOnly ? top.bindings.readOnly : top.bindings
        let shared = top.filterStyle == nil ? AppBindings.table.removing(.filter) : AppBindings.table
        return own.appending(shared)
    }

    /// Routes a key: to the open overlay, to a screen that takes every key, to the action it is bound to, or to
    /// the screen's widgets.
    func handle(_ key: Key) {
        status = nil
        if let overlay {
            handle(key, in: overlay)
            return
        }
        if key == .control("c") {
            hasQuit = true
            return
        }
        if top.capturesKeys {
            _ = top.handle(key, host: self)
            return
        }
        if isReadOnly, let refused = top.bindings.binding(for: key), refused.isMutation {
            report(StatusMessage("Read-only session: \(refused.label) is not available", kind: .warning))
            return
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
            overlay = .help(HelpOverlay(bindings: bindings, title: "Keys: \(top.title)"))
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
            top.load(self)
        case .quit:
            hasQuit = true
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
        } else if stack.count > 1 {
            top.cancelLoading(self)
            stack.removeLast()
            loadTopScreen()
        } else {
            report(StatusMessage("This is the first screen: q quits"))
        }
    }

    private func handle(_ key: Key, in overlay: Overlay) {
        switch overlay {
        case .help(var help):
            self.overlay = help.handle(key) == .closed ? nil : .help(help)
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
    func makePalette() -> CommandPalette {
        let names = knownNames
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
