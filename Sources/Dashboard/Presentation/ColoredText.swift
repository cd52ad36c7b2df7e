import TerminalKit

/// Long text whose lines each have a colour (added lines in `success`, removed ones in `error`), scrolled and
/// searched as a `TextView`: what the deploy screen shows its diff, the `.ckdb` comparison and the history in.
/// Prose wraps at the width it is drawn in (continuation lines indented under their line); code does not.
struct ColoredText {
    /// One line and the role it is drawn in.
    struct Line: Equatable, Sendable {
        var text: String
        var role: ThemeRole

        init(_ text: String, _ role: ThemeRole = .text) {
            self.text = text
            self.role = role
        }
    }

    /// The scrolled text, without colours.
    private(set) var view = TextView(text: "")
    private var roles: [ThemeRole] = []
    private let source: [Line]
    private let wraps: Bool
    private var wrappedWidth: Int?

    /// `lines`, from the top; wrapped to the width they are drawn in when `wraps`.
    init(_ lines: [Line] = [], wraps: Bool = false) {
        source = lines
        self.wraps = wraps
        show(lines)
    }

    /// Scrolls with the navigation keys, n/N to the next or previous match; returns whether the key was used.
    mutating func handle(_ key: Key) -> Bool {
        view.handle(key)
    }

    /// Highlights `term` and goes to its first match; returns whether there is one.
    @discardableResult
    mutating func search(for term: String) -> Bool {
        view.search(for: term)
    }

    /// `line 12/80`, for the status line.
    var position: String {
        "line \(view.position.top + 1)/\(view.lines.count)"
    }

    /// Draws the lines on screen into `rect`, each in its role; search matches keep the selection colour.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        if wraps, wrappedWidth != rect.width {
            wrappedWidth = rect.width
            show(source.flatMap { Self.wrapped($0, width: rect.width) })
        }
        view.draw(in: rect, on: &canvas, theme: theme)
        let plain = theme.style(.text)
        for index in view.position.visibleRows(count: view.lines.count, pageHeight: rect.height) where roles[index] != .text {
            let colored = theme.style(roles[index])
            canvas.restyle(rect.row(index - view.position.top)) { style in
                if style == plain { style = colored }
            }
        }
    }

    private mutating func show(_ lines: [Line]) {
        let term = view.searchTerm
        view.lines = lines.map(\.text)
        roles = lines.map(\.role)
        if let term { view.search(for: term) }
    }

    /// `line` cut into lines of at most `width` columns, the continuations indented two more than the line.
    private static func wrapped(_ line: Line, width: Int) -> [Line] {
        let indent = String(line.text.prefix { $0 == " " })
        let text = line.text.dropFirst(indent.count)
        guard !text.isEmpty, DisplayWidth.of(line.text) > width else { return [line] }
        let parts = TextWrapping.lines(of: String(text), width: max(1, width - indent.count - 2))
        return parts.enumerated().map { index, part in Line((index == 0 ? indent : indent + "  ") + part, line.role) }
    }
}
