/// The `:` prompt: a text field with suggestions below, ranked against what is typed (prefix, then
/// substring, then fuzzy) from the candidates a provider offers for the text so far.
///
/// Tab completes to the highlighted suggestion; ↑/↓ pick a suggestion, or browse earlier commands when the
/// field is empty or shows one; Enter runs the picked suggestion or else the typed text and remembers it; Esc
/// closes.
///
/// ```swift
/// var palette = CommandPalette { typed in
///     typed.hasPrefix("records ") ? typeNames.map { Completion("records \($0)") } : commands
/// }
/// if case .submitted(let command) = palette.handle(key) { run(command) }
/// ```
public struct CommandPalette: Sendable {
    /// What a key did to the palette.
    public enum Outcome: Hashable, Sendable {
        /// The key edited, moved, completed, or did nothing.
        case consumed
        /// Enter ran this command.
        case submitted(String)
        /// Esc, or Enter on an empty line: close the palette.
        case closed
    }

    /// The prompt before the field: `:` or `/`.
    public var prompt: String
    /// The field typed into.
    public internal(set) var field: TextField
    /// Earlier commands, oldest first.
    public private(set) var history: InputHistory
    /// The suggestions for the text typed, best first.
    public internal(set) var suggestions: ListView
    /// The most suggestions listed.
    public var maximumSuggestions: Int
    /// Whether ↑/↓ picked a suggestion since the last edit, so Enter runs it.
    public private(set) var hasPickedSuggestion = false
    private let provider: @Sendable (String) -> [Completion]

    /// A palette behind `prompt` suggesting from `provider`, which receives the text typed so far.
    /// - Parameters:
    ///   - prompt: the prompt before the field.
    ///   - history: earlier commands, oldest first.
    ///   - maximumSuggestions: the most suggestions listed.
    ///   - provider: the candidates for the text typed so far; the palette ranks and filters them.
    public init(
        prompt: String = ":", history: InputHistory = InputHistory(), maximumSuggestions: Int = 8,
        provider: @escaping @Sendable (String) -> [Completion]
    ) {
        self.prompt = prompt
        self.history = history
        self.maximumSuggestions = maximumSuggestions
        self.provider = provider
        field = TextField()
        suggestions = ListView(emptyMessage: "No matches")
        refreshSuggestions()
    }

    /// Empties the field for a new command, keeping the history.
    public mutating func reset() {
        field.text = ""
        history.stopBrowsing()
        refreshSuggestions()
    }

    /// Edits, completes, picks, browses the history, runs or closes.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            reset()
            return .closed
        case .enter:
            let command = hasPickedSuggestion ? suggestions.selectedItem?.title ?? field.text : field.text
            reset()
            guard !command.isEmpty else { return .closed }
            history.record(command)
            return .submitted(command)
        case .tab:
            if let completion = suggestions.selectedItem?.title { replaceText(with: completion) }
        case .up, .down:
            pick(older: key == .up)
        default:
            if field.handle(key) == .edited {
                history.stopBrowsing()
                refreshSuggestions()
            }
        }
        return .consumed
    }

    /// ↑/↓: through the history when the field is empty or shows an entry, otherwise through the suggestions.
    private mutating func pick(older: Bool) {
        let showsHistory = history.isBrowsing && field.text == history.current
        if showsHistory || (older && field.text.isEmpty && !history.entries.isEmpty) {
            let entry = older ? history.older(than: field.text) : history.newer()
            if let entry {
                field.text = entry
                refreshSuggestions()
            }
            return
        }
        suggestions.move(.rows(older ? -1 : 1))
        hasPickedSuggestion = true
    }

    private mutating func replaceText(with text: String) {
        field.text = text
        history.stopBrowsing()
        refreshSuggestions()
    }

    private mutating func refreshSuggestions() {
        let typed = field.text
        let ranked = provider(typed).enumerated().compactMap { index, completion in
            TextMatch.score(of: typed, against: completion.text).map { (score: $0, index: index, completion: completion) }
        }
        .sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }
        suggestions.items = ranked.prefix(maximumSuggestions).map { ListItem($0.completion.text, detail: $0.completion.detail) }
        suggestions.select(0)
        hasPickedSuggestion = false
    }
}

/// A command the palette can suggest: the text it completes to and what it does.
public struct Completion: Hashable, Sendable {
    /// The whole command line it completes to: `records Party`.
    public var text: String
    /// What it does, shown on the right: `Browse records of a type`.
    public var detail: String?

    /// A suggestion completing to `text`, described by `detail`.
    public init(_ text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}
