import TerminalKit

/// A `Form` in a framed box over the screen, with a line on its keys under the fields, such as the new
/// management token's name, scope and access or the audit log's filters: Tab moves, Enter on the last field
/// submits, Esc cancels.
struct FormDialog {
    /// The box's title.
    let title: String
    /// The line under the fields.
    let hint: String
    /// The box's width, when the screen is that wide.
    let width: Int
    private var form: Form

    /// A dialog titled `title` over `fields`, `hint` under them, `width` columns wide at most.
    init(title: String, fields: [FormField], hint: String = "Tab next field   ←/→ change a choice   Enter on the last applies", width: Int = 64) {
        self.title = title
        self.hint = hint
        self.width = width
        form = Form(fields: fields)
    }

    /// Edits, moves between fields, submits or cancels.
    mutating func handle(_ key: Key) -> Form.Outcome {
        form.handle(key)
    }

    /// Draws the box centred in `rect`, with the cursor in the focused text field.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let rows = form.fields.count * 2 + 2
        let box = rect.centered(Size(width: min(rect.width, max(width, DisplayWidth.of(hint) + 4)), height: min(rect.height, rows + 2)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (fields, footer) = inside.splitBottom(1)
        form.draw(in: fields, on: &canvas, theme: theme, focused: true)
        canvas.write(hint, in: footer, style: theme.style(.muted))
        if let cursor = form.cursorPosition(in: fields) { canvas.showCursor(at: cursor) }
    }
}
