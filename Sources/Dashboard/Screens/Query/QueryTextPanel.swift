import TerminalKit

/// The query as a command line or as its JSON request, in a box over the builder, scrolled with the navigation
/// keys (the command wrapped to the box, the JSON as indented); `y` copies the text (OSC 52), Esc closes.
struct QueryTextPanel {
    /// What a key did to the panel.
    enum Outcome: Equatable {
        case consumed
        /// `y` was pressed: copy the text.
        case copy
        case closed
    }

    /// The box's title.
    let title: String
    /// The text shown and copied, unwrapped.
    let text: String
    /// What the status line calls it when it is copied: `the command`.
    let description: String
    /// Whether long lines wrap at spaces (prose and commands) rather than scroll sideways (indented JSON).
    private let wraps: Bool
    private var view: TextView
    private var wrappedWidth = 0

    /// A panel titled `title` showing `text`, called `description` when copied, its long lines wrapped when
    /// `wraps`.
    init(title: String, text: String, description: String, wraps: Bool) {
        self.title = title
        self.text = text
        self.description = description
        self.wraps = wraps
        view = TextView(text: text)
    }

    /// Scrolls, copies or closes.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape, .character("q"): return .closed
        case .character("y"): return .copy
        default:
            _ = view.handle(key)
            return .consumed
        }
    }

    /// Draws the box over all of `rect`, the text wrapped to its width, its keys at the bottom.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        canvas.fill(rect, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: rect, on: &canvas, theme: theme).inset(horizontal: 1)
        let (body, footer) = inside.splitBottom(1)
        if wraps, body.width != wrappedWidth {
            wrappedWidth = body.width
            view = TextView(text: TextWrapping.lines(of: text, width: max(1, body.width)).joined(separator: "\n"))
        }
        view.draw(in: body, on: &canvas, theme: theme)
        canvas.write("y copy   j/k scroll   Esc close", in: footer, style: theme.style(.muted))
    }
}
