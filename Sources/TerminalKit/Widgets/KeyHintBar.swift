/// The bottom line of `key label` pairs, drawn from the view's binding table: the bindings shown in hints, in
/// table order (most important first), as many as fit whole.
public struct KeyHintBar: Hashable, Sendable {
    /// The table the hints come from.
    public var bindings: KeyBindingTable

    /// A hint bar for `bindings`.
    public init(bindings: KeyBindingTable) {
        self.bindings = bindings
    }

    /// The hints that fit in `width` columns, most important first.
    public func fittingHints(width: Int) -> [KeyBinding] {
        var used = 0
        var shown: [KeyBinding] = []
        for binding in bindings.hints {
            let needed = DisplayWidth.of(binding.hintKey) + 1 + DisplayWidth.of(binding.label) + (shown.isEmpty ? 1 : 2)
            guard used + needed <= width else { break }
            used += needed
            shown.append(binding)
        }
        return shown
    }

    /// Draws the hints on the first row of `rect`, keys in `key` and labels in `key-hint`.
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        canvas.fill(line, style: theme.style(.keyHint))
        var column = line.x + 1
        for binding in fittingHints(width: line.width) {
            column += canvas.write(binding.hintKey, column: column, row: line.y, style: theme.style(.key)) + 1
            column += canvas.write(binding.label, column: column, row: line.y, style: theme.style(.keyHint)) + 2
        }
    }
}
