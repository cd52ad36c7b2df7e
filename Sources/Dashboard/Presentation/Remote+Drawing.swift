import TerminalKit

extension Remote {
    /// The value to draw; while there is none, draws in `rect` what stands instead: that it is loading, or why
    /// it failed and that r tries again.
    func valueOrDrawState(in rect: Rect, on canvas: inout Canvas, theme: Theme, loading: String) -> Value? {
        switch state {
        case .loaded(let value):
            return value
        case .idle, .loading:
            canvas.fill(rect, style: theme.style(.text))
            canvas.write(loading, in: rect.row(rect.height / 2), alignment: .center, style: theme.style(.muted))
        case .failed(let message):
            canvas.fill(rect, style: theme.style(.text))
            let lines = TextWrapping.lines(of: message, width: max(1, rect.width - 4))
            let top = rect.y + max(0, (rect.height - lines.count - 2) / 2)
            for (offset, line) in lines.enumerated() {
                canvas.write(line, in: Rect(x: rect.x, y: top + offset, width: rect.width, height: 1), alignment: .center, style: theme.style(.error))
            }
            canvas.write("r: try again   Esc: back", in: Rect(x: rect.x, y: top + lines.count + 1, width: rect.width, height: 1),
                         alignment: .center, style: theme.style(.muted))
        }
        return nil
    }
}
