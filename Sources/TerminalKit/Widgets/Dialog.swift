/// A modal box centred on the screen with a title, a message and a row of buttons: ←/→ and Tab move between
/// buttons, a button's shortcut letter or Enter chooses, Esc cancels. Every other key is swallowed, since a
/// modal owns the keyboard.
public struct Dialog: Hashable, Sendable {
    /// What a key did to a dialog.
    public enum Outcome: Hashable, Sendable {
        /// The key moved between buttons or did nothing.
        case consumed
        /// The button at this index was chosen.
        case chose(Int)
        /// Esc was pressed.
        case cancelled
    }

    /// The title in the top edge.
    public var title: String
    /// The message, wrapped to the box.
    public var message: String
    /// The buttons, left to right.
    public var buttons: [DialogButton]
    /// The highlighted button, which Enter chooses; `nil` when none is (a text field has the keys).
    public var selectedButton: Int?

    /// A dialog with `buttons`, `selectedButton` highlighted.
    public init(title: String, message: String, buttons: [DialogButton], selectedButton: Int? = 0) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selectedButton = selectedButton
    }

    /// Moves between buttons, chooses one, or cancels.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            guard let selectedButton, buttons.indices.contains(selectedButton), buttons[selectedButton].isEnabled else { return .consumed }
            return .chose(selectedButton)
        case .left, .backTab, .character("h"):
            moveSelection(by: -1)
        case .right, .tab, .character("l"):
            moveSelection(by: 1)
        case .character(let character):
            let typed = character.lowercased()
            if let index = buttons.firstIndex(where: { $0.shortcut.map(String.init) == typed && $0.isEnabled }) { return .chose(index) }
        default:
            break
        }
        return .consumed
    }

    private mutating func moveSelection(by step: Int) {
        guard !buttons.isEmpty else { return }
        let start = selectedButton ?? (step > 0 ? -1 : buttons.count)
        selectedButton = (start + step + buttons.count) % buttons.count
    }
}

/// A button of a `Dialog`: its title, the letter that chooses it, and whether it can be chosen now.
public struct DialogButton: Hashable, Sendable {
    /// The title: `Delete`.
    public var title: String
    /// The lower-case letter that chooses it: `y`.
    public var shortcut: Character?
    /// Whether it can be chosen; a disabled button is drawn `muted`.
    public var isEnabled: Bool

    /// A button titled `title`, chosen with `shortcut`.
    public init(_ title: String, shortcut: Character? = nil, isEnabled: Bool = true) {
        self.title = title
        self.shortcut = shortcut
        self.isEnabled = isEnabled
    }
}
