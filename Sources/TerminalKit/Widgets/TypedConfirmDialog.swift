/// A confirmation that asks for a name to be typed before it can be given, for changes to production: the
/// confirm button stays disabled until the field holds exactly the required name. Enter confirms when it
/// does, and otherwise says in the dialog that the typed text is not the name; Esc declines.
public struct TypedConfirmDialog: Hashable, Sendable {
    /// The name to type: a container's, a zone's.
    public let requiredName: String
    /// The field the name is typed into.
    public private(set) var field: TextField
    private var dialog: Dialog
    /// The message with its “Type <name> to confirm.”, as shown until Enter meets another name.
    private let prompt: String

    /// A confirmation titled `title` explaining `message`, enabled once `requiredName` is typed.
    /// - Parameters:
    ///   - title: the dialog's title.
    ///   - message: what will happen; the dialog adds “Type <name> to confirm.”.
    ///   - requiredName: the text to type.
    ///   - confirmTitle: the confirm button: `Deploy`.
    public init(title: String, message: String, requiredName: String, confirmTitle: String = "Confirm") {
        self.requiredName = requiredName
        field = TextField()
        prompt = message + "\n\nType \(requiredName) to confirm."
        dialog = Dialog(
            title: title, message: prompt,
            buttons: [DialogButton("Cancel"), DialogButton(confirmTitle, isEnabled: false)], selectedButton: nil
        )
    }

    /// Whether the typed text is the required name, so Enter confirms.
    public var isConfirmable: Bool { field.text == requiredName }

    /// Edits the name, confirms on Enter when it matches (and says why not when it does not), declines on Esc.
    public mutating func handle(_ key: Key) -> ConfirmDialog.Outcome {
        switch key {
        case .escape:
            return .declined
        case .enter:
            guard isConfirmable else {
                dialog.message = prompt + "\n" + (field.text.isEmpty ? "Nothing is typed yet." : "“\(field.text)” is not \(requiredName).")
                return .consumed
            }
            return .confirmed
        default:
            _ = field.handle(key)
            dialog.message = prompt
            dialog.buttons[1].isEnabled = isConfirmable
            dialog.selectedButton = isConfirmable ? 1 : nil
            return .consumed
        }
    }

    /// Draws the dialog centred in `rect` with the field above the buttons; returns where the terminal's cursor
    /// belongs.
    @discardableResult
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) -> Position {
        let fieldRect = dialog.draw(in: rect, extraRows: 1, on: &canvas, theme: theme)
        field.draw(in: fieldRect, on: &canvas, theme: theme, focused: true)
        return field.cursorPosition(in: fieldRect)
    }
}
