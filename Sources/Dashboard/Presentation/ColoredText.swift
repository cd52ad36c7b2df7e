import TerminalKit

/// Long text whose lines each have a colour (added lines in `success`, removed ones in `error`), scrolled and
/// searched as a `TextView`: what the deploy screen shows its diff, the `.ckdb` comparison and the history in.
/// Prose wraps at the width it is drawn in (continuation lines indented under their line); code does not.
struct ColoredText {
    /// One line, the role it is drawn in, and whether it is a change (which c and C go to).
    struct Line: Equatable, Sendable {
        var text: String
        var role: ThemeRole
        var isChange: Bool

        init(_ text: String, _ role: ThemeRole = .text, isChange: Bool = false) {
            self.text = text
            self.role = role
            self.isChange = isChange
        }
    }

    /// The lines kept above a change that c or C goes to, for context.
    static let contextLines = 3

    /// The scrolled text, without colours.
    private(set) var view = TextView(text: "")
    private var roles: [ThemeRole] = []
    /// The first line of each run of changed lines.
    private var changeStarts: [Int] = []
    /// The run of changed lines c or C went to last (an index into `changeStarts`); `nil` once the text was
    /// scrolled or searched, when the next one is found from the top line.
    private var currentChange: Int?
    /// Whether the next drawing brings the first change into view, when it is below the first page.
    private var revealsFirstChange = false
    /// The lines as given, before wrapping.
    let source: [Line]
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
        guard view.handle(key) else { return false }
        currentChange = nil
        revealsFirstChange = false
        return true
    }

    /// Highlights `term` and goes to its first match; returns whether there is one.
    @discardableResult
    mutating func search(for term: String) -> Bool {
        currentChange = nil
        revealsFirstChange = false
        return view.search(for: term)
    }

    /// Goes to the next run of changed lines (`step` 1) or the previous one (`step` -1), wrapping around, with a
    /// few lines of context above; returns whether there is any change.
    @discardableResult
    mutating func showChange(step: Int) -> Bool {
        guard !changeStarts.isEmpty else { return false }
        let top = view.position.top
        let index = if let currentChange {
            (currentChange + step + changeStarts.count) % changeStarts.count
        } else if step > 0 {
            changeStarts.firstIndex { $0 >= top } ?? 0
        } else {
            changeStarts.lastIndex { $0 < top } ?? changeStarts.count - 1
        }
        scroll(toChange: index)
        return true
    }

    /// Brings the first run of changed lines into view at the next drawing, if it is below the first page.
    mutating func showFirstChange() {
        revealsFirstChange = !changeStarts.isEmpty
    }

    private mutating func scroll(toChange index: Int) {
        currentChange = index
        revealsFirstChange = false
        view.scroll(toLine: max(0, changeStarts[index] - Self.contextLines))
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
        if revealsFirstChange, let first = changeStarts.first, first >= rect.height {
            scroll(toChange: 0)
        }
        revealsFirstChange = false
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
        changeStarts = lines.indices.filter { lines[$0].isChange && ($0 == 0 || !lines[$0 - 1].isChange) }
        if let term { view.search(for: term) }
    }

    /// `line` cut into lines of at most `width` columns, the continuations indented two more than the line.
    private static func wrapped(_ line: Line, width: Int) -> [Line] {
        let indent = String(line.text.prefix { $0 == " " })
        let text = line.text.dropFirst(indent.count)
        guard !text.isEmpty, DisplayWidth.of(line.text) > width else { return [line] }
        let parts = TextWrapping.lines(of: String(text), width: max(1, width - indent.count - 2))
        return parts.enumerated().map { index, part in Line((index == 0 ? indent : indent + "  ") + part, line.role, isChange: line.isChange) }
    }
}
