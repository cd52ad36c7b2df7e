import TerminalKit

/// A `Confirmation` on screen: a yes-or-no dialog, or one that needs a name typed, and what to do on yes.
struct ConfirmationPrompt {
    private enum Dialog {
        case yesOrNo(ConfirmDialog)
        case typed(TypedConfirmDialog)
    }

    private var dialog: Dialog
    /// The question asked.
    let confirmation: Confirmation
    /// What runs when the user confirms.
    let onConfirm: () -> Void

    init(_ confirmation: Confirmation, onConfirm: @escaping () -> Void) {
        if let name = confirmation.typedName {
            dialog = .typed(TypedConfirmDialog(
                title: confirmation.title, message: confirmation.message, requiredName: name, confirmTitle: confirmation.confirmTitle))
        } else {
            dialog = .yesOrNo(ConfirmDialog(
                title: confirmation.title, message: confirmation.message, confirmTitle: confirmation.confirmTitle, declineTitle: "Cancel"))
        }
        self.confirmation = confirmation
        self.onConfirm = onConfirm
    }

    /// Takes a key: typing, moving between the buttons, Enter, Esc.
    mutating func handle(_ key: Key) -> ConfirmDialog.Outcome {
        switch dialog {
        case .yesOrNo(var yesOrNo):
            defer { dialog = .yesOrNo(yesOrNo) }
            return yesOrNo.handle(key)
        case .typed(var typed):
            defer { dialog = .typed(typed) }
            return typed.handle(key)
        }
    }

    /// Draws the dialog centred over `rect`, with the cursor in the name field of one that needs a name typed.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        switch dialog {
        case .yesOrNo(let yesOrNo):
            yesOrNo.draw(in: rect, on: &canvas, theme: theme)
        case .typed(var typed):
            canvas.showCursor(at: typed.draw(in: rect, on: &canvas, theme: theme))
            dialog = .typed(typed)
        }
    }
}
