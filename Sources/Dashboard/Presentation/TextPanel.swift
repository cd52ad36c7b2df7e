import TerminalKit

/// Lines shown in full in a framed box over the screen, such as an audit entry or a token's details: the
/// navigation keys scroll them, Enter, Esc or q closes.
struct TextPanel {
    /// What a key did to the panel.
    enum Outcome: Equatable {
        case consumed
        case closed
    }

    /// The box's title.
    let title: String
    private var text: TextView

    /// A panel titled `title` showing `lines`.
    init(title: String, lines: [String]) {
        self.title = title
        text = TextView(text: lines.joined(separator: "\n"))
    }

    /// Scrolls or closes.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter, .escape, .character("q"): return .closed
        default:
            _ = text.handle(key)
            return .consumed
        }
    }

    /// Draws the box centred in `rect`, as wide as the longest line allows and at most as tall as `rect`.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let widest = max(DisplayWidth.of(title) + 4, text.lines.map { DisplayWidth.of($0) }.max() ?? 0)
        let box = rect.centered(Size(width: min(rect.width, widest + 4), height: min(rect.height, text.lines.count + 4)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (body, footer) = inside.splitBottom(1)
        text.draw(in: body.splitTop(1).rest, on: &canvas, theme: theme)
        canvas.write("Esc closes", in: footer, alignment: .trailing, style: theme.style(.muted))
    }
}
