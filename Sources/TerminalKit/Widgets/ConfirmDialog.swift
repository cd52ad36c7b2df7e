/// A yes/no question before an action, No by default when the action destroys something: y or n answer at
/// once, ←/→ and Tab move, Enter takes the highlighted answer, Esc means No.
///
/// ```swift
/// var confirmation = ConfirmDialog(title: "Delete record", message: "Delete Party “summer”?", confirmTitle: "Delete")
/// if confirmation.handle(key) == .confirmed { delete() }
/// ```
public struct ConfirmDialog: Hashable, Sendable {
    /// The answer, once there is one.
    public enum Outcome: Hashable, Sendable {
        /// No answer yet.
        case consumed
        /// Yes.
        case confirmed
        /// No, or Esc.
        case declined
    }

    /// The dialog drawn: the decline button first, then the confirm button.
    public private(set) var dialog: Dialog

    /// A question titled `title`; the confirm button (shortcut y) is `confirmTitle`, the other (n) `declineTitle`.
    /// - Parameters:
    ///   - title: the dialog's title.
    ///   - message: the question, naming the object.
    ///   - confirmTitle: the confirm button: `Delete`.
    ///   - declineTitle: the decline button: `Cancel`.
    ///   - isDestructive: whether No is highlighted first (the default) rather than the confirm button.
    public init(title: String, message: String, confirmTitle: String = "Yes", declineTitle: String = "No", isDestructive: Bool = true) {
        dialog = Dialog(
            title: title, message: message,
            buttons: [DialogButton(declineTitle, shortcut: "n"), DialogButton(confirmTitle, shortcut: "y")],
            selectedButton: isDestructive ? 0 : 1
        )
    }

    /// Whether Enter would confirm now.
    public var isConfirmSelected: Bool { dialog.selectedButton == 1 }

    /// Answers, moves between the buttons, or waits.
    public mutating func handle(_ key: Key) -> Outcome {
        switch dialog.handle(key) {
        case .consumed: .consumed
        case .chose(let index): index == 1 ? .confirmed : .declined
        case .cancelled: .declined
        }
    }

    /// Draws the question centred in `rect`.
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        dialog.draw(in: rect, on: &canvas, theme: theme)
    }
}
