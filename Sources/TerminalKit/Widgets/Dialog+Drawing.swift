extension Dialog {
    /// The widest a dialog gets, so messages wrap into a readable block.
    static let maximumWidth = 60

    /// Draws the dialog centred in `rect` (the whole screen, usually).
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        draw(in: rect, extraRows: 0, on: &canvas, theme: theme)
    }

    /// Draws the dialog centred in `rect` with `extraRows` free rows between the message and the buttons, and
    /// returns them, for a variant that puts a text field there.
    @discardableResult
    func draw(in rect: Rect, extraRows: Int, on canvas: inout Canvas, theme: Theme) -> Rect {
        let buttonsWidth = buttonsText.reduce(0) { $0 + DisplayWidth.of($1) + 2 }
        let messageWidth = message.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
        let width = min(rect.width, max(DisplayWidth.of(title) + 6, buttonsWidth + 4, min(Self.maximumWidth, messageWidth + 4)))
        let lines = TextWrapping.lines(of: message, width: max(1, width - 4))
        let extra = extraRows > 0 ? extraRows + 1 : 0
        let box = rect.centered(Size(width: width, height: lines.count + extra + 5))
        let style = theme.style(.dialog)
        canvas.fill(box, style: style)
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        for (offset, line) in lines.enumerated() where offset + 1 < inside.height {
            canvas.write(line, in: inside.row(offset + 1), style: style)
        }
        drawButtons(in: inside.row(inside.height - 1), on: &canvas, theme: theme)
        // On a terminal too short for the whole message the rows stay inside the box, above the buttons.
        let top = max(inside.y, min(inside.y + lines.count + 2, inside.maxY - 1 - extraRows))
        return Rect(x: inside.x, y: top, width: inside.width, height: extraRows).intersection(inside)
    }

    private var buttonsText: [String] { buttons.map { "[ \($0.title) ]" } }

    private func drawButtons(in line: Rect, on canvas: inout Canvas, theme: Theme) {
        let texts = buttonsText
        let total = texts.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, texts.count - 1)
        var column = line.x + max(0, (line.width - total) / 2)
        for (index, text) in texts.enumerated() {
            let style: Style = if !buttons[index].isEnabled {
                theme.style(.muted)
            } else if index == selectedButton {
                theme.style(.selection)
            } else {
                theme.style(.dialog)
            }
            column += canvas.write(text, column: column, row: line.y, style: style, limit: line.maxX - column) + 2
        }
    }
}
