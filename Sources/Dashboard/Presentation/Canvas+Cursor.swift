import TerminalKit

extension Canvas {
    /// Marks the text cursor at `position` in reverse video: the terminal's own cursor stays hidden, so the
    /// frame carries it.
    mutating func showCursor(at position: Position) {
        restyle(Rect(x: position.column, y: position.row, width: 1, height: 1)) { $0.attributes.formSymmetricDifference(.reverse) }
    }
}
