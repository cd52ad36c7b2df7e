/// Every binding of the current view, grouped under headings, in a centred box that scrolls with the
/// navigation keys; Esc, ? or q close it. Built from the same table as the hint bar, so the two always agree.
public struct HelpOverlay: Hashable, Sendable {
    /// What a key did to the overlay.
    public enum Outcome: Hashable, Sendable {
        /// The key scrolled or did nothing (the overlay is modal).
        case consumed
        /// Esc, ? or q: the overlay should close.
        case closed
    }

    /// The table listed.
    public let bindings: KeyBindingTable
    /// The title in the box's top edge.
    public var title: String
    /// Lines above the keys, a blank line after them: what the view leaves out and why, say.
    public var notes: [String]
    /// The first line shown.
    public private(set) var position = ScrollPosition()
    private var pageHeight = 1

    /// An overlay listing `bindings`, with `notes` above them.
    public init(bindings: KeyBindingTable, title: String = "Help", notes: [String] = []) {
        self.bindings = bindings
        self.title = title
        self.notes = notes
    }

    /// The lines listed: the notes, then each group's name and a `keys  help` line per binding, a blank line
    /// between groups.
    public var lines: [String] {
        (notes.isEmpty ? [] : notes + [""]) + keyLines
    }

    private var keyLines: [String] {
        let width = keyWidth
        return bindings.groups.enumerated().flatMap { index, group in
            (index > 0 ? [""] : []) + [group.name] + group.bindings.map { "  " + DisplayWidth.padded($0.keyNames, to: width) + "  " + $0.help }
        }
    }

    /// The width of the keys column: the longest keys.
    private var keyWidth: Int {
        bindings.bindings.map { DisplayWidth.of($0.keyNames) }.max() ?? 0
    }

    /// Scrolls, or closes on Esc, ? and q.
    public mutating func handle(_ key: Key) -> Outcome {
        if key == .escape || key == .character("?") || key == .character("q") { return .closed }
        if let movement = Movement(key: key) {
            position.scroll(movement, count: lines.count, pageHeight: pageHeight)
        }
        return .consumed
    }

    /// Draws the box centred in `rect`, as wide as the longest line allows; group names in `title`, keys in `key`.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let lines = lines
        let widest = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let box = rect.centered(Size(width: widest + 4, height: lines.count + 2))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        pageHeight = max(1, inside.height)
        position.clampTop(count: lines.count, pageHeight: pageHeight)
        let keyWidth = keyWidth
        let notesEnd = notes.count
        for index in position.visibleRows(count: lines.count, pageHeight: inside.height) {
            let line = inside.row(index - position.top)
            if index < notesEnd {
                canvas.write(lines[index], in: line, style: theme.style(.dialog))
                continue
            }
            let isHeading = !lines[index].hasPrefix(" ")
            canvas.write(lines[index], in: line, style: theme.style(isHeading ? .title : .dialog))
            if !isHeading { canvas.restyle(Rect(x: line.x + 2, y: line.y, width: min(keyWidth, line.width - 2), height: 1)) { $0 = theme.style(.key) } }
        }
    }
}
