import TerminalKit

/// A one-line question in a framed box over the screen, such as the file to export to: Enter answers, Esc
/// cancels.
struct Prompt {
    /// What a key did to the prompt.
    enum Outcome: Equatable {
        case consumed
        case answered(String)
        case cancelled
    }

    /// The box's title.
    var title: String
    /// The line above the field.
    var message: String
    private(set) var field: TextField

    /// A prompt titled `title` asking `message`, its field holding `text`.
    init(title: String, message: String, text: String = "") {
        self.title = title
        self.message = message
        field = TextField(text: text)
    }

    /// Edits, answers or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        switch field.handle(key) {
        case .submitted(let text): .answered(text)
        case .cancelled: .cancelled
        default: .consumed
        }
    }

    /// Draws the box centred in `rect`, with the cursor shown in the field.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let width = min(rect.width, max(50, DisplayWidth.of(message) + 4))
        let box = rect.centered(Size(width: width, height: 5))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        canvas.write(message, in: inside.row(0), style: theme.style(.dialog))
        let line = inside.row(2)
        field.draw(in: line, on: &canvas, theme: theme, focused: true)
        canvas.showCursor(at: field.cursorPosition(in: line))
    }
}
