/// Long text shown a screenful at a time, such as a schema file: the navigation keys scroll it (h/l
/// sideways), and a search highlights its matches, with n and N going to the next and previous one.
public struct TextView: Hashable, Sendable {
    /// The lines shown.
    public var lines: [String]
    /// The first line shown.
    public private(set) var position = ScrollPosition()
    /// The first display column shown, after scrolling right.
    public private(set) var firstColumn = 0
    /// The text searched for, highlighted where it appears; `nil` for none.
    public private(set) var searchTerm: String?
    /// The lines of room at the last drawing: a page.
    public private(set) var pageHeight = 1

    /// How far h and l scroll sideways.
    static let sidewaysStep = 4

    /// A view of `text`, split at its line breaks.
    public init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Scrolls with the navigation keys, h/l sideways, n/N to the next or previous match; returns whether
    /// the key was the view's.
    public mutating func handle(_ key: Key) -> Bool {
        switch KeyBindingTable.navigation.action(for: key) {
        case .scrollLeft?: firstColumn = max(0, firstColumn - Self.sidewaysStep)
        case .scrollRight?: firstColumn += Self.sidewaysStep
        case let action?:
            guard let movement = Movement(action) else { return false }
            position.scroll(movement, count: lines.count, pageHeight: pageHeight)
        case nil:
            switch key {
            case .character("n"): findMatch(after: position.top, step: 1)
            case .character("N"): findMatch(after: position.top, step: -1)
            default: return false
            }
        }
        return true
    }

    /// Highlights `term` (ignoring case) and scrolls to the first line from the top of the view that has it;
    /// returns whether any line does. An empty term clears the search.
    @discardableResult
    public mutating func search(for term: String) -> Bool {
        searchTerm = term.isEmpty ? nil : term
        guard searchTerm != nil else { return false }
        return findMatch(after: position.top - 1, step: 1)
    }

    @discardableResult
    private mutating func findMatch(after line: Int, step: Int) -> Bool {
        guard let searchTerm, !lines.isEmpty else { return false }
        for distance in 1...lines.count {
            let index = ((line + step * distance) % lines.count + lines.count) % lines.count
            if !TextMatch.ranges(of: searchTerm, in: lines[index]).isEmpty {
                scroll(toLine: index)
                return true
            }
        }
        return false
    }

    /// Scrolls so that line `index` is the first shown, as far as the text allows.
    public mutating func scroll(toLine index: Int) {
        position.top = index
        position.clampTop(count: lines.count, pageHeight: pageHeight)
    }

    /// Draws the lines on screen into `rect`, matches of the search in `selection`.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        pageHeight = max(1, rect.height)
        position.clampTop(count: lines.count, pageHeight: pageHeight)
        canvas.fill(rect, style: theme.style(.text))
        for index in position.visibleRows(count: lines.count, pageHeight: rect.height) {
            let line = rect.row(index - position.top)
            canvas.write(lines[index], skipping: firstColumn, in: line, style: theme.style(.text))
            highlightMatches(in: lines[index], on: line, canvas: &canvas, style: theme.style(.selection))
        }
    }

    private func highlightMatches(in text: String, on line: Rect, canvas: inout Canvas, style: Style) {
        guard let searchTerm else { return }
        let characters = Array(text)
        for match in TextMatch.ranges(of: searchTerm, in: text) {
            let column = line.x + DisplayWidth.of(String(characters[..<match.lowerBound])) - firstColumn
            let width = DisplayWidth.of(String(characters[match]))
            canvas.restyle(Rect(x: column, y: line.y, width: width, height: 1).intersection(line)) { $0 = style }
        }
    }
}
