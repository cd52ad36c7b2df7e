import TerminalKit

/// The lines under a table whose next page did not come: the error in full (wrapped, never cut at the edge) and
/// what to do about it, `r: try again` unless the screen knows a better remedy.
struct FetchErrorFooter {
    /// Why the fetch failed.
    var message: String
    /// What to do about it, in the warning colour; `r: try again` in the muted one when `nil`.
    var remedy: String?

    /// Draws the footer at the bottom of `rect` (a third of it at most) and returns the part above, for the table.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) -> Rect {
        let lines = TextWrapping.lines(of: message, width: max(1, rect.width)).prefix(max(1, rect.height / 3))
        let (body, footer) = rect.splitBottom(lines.count + 1)
        canvas.fill(footer, style: theme.style(.text))
        for (offset, line) in lines.enumerated() {
            canvas.write(line, in: footer.row(offset), style: theme.style(.error))
        }
        canvas.write(remedy ?? "r: try again", in: footer.row(lines.count), style: theme.style(remedy == nil ? .muted : .warning))
        return body
    }
}

extension Optional<FetchErrorFooter> {
    /// The part of `rect` left for the table once the footer, if there is one, is drawn.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) -> Rect {
        map { $0.draw(in: rect, on: &canvas, theme: theme) } ?? rect
    }
}
