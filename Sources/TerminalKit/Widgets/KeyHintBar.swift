/// The bottom line of `key label` pairs, drawn from the view's binding table: the bindings shown in hints, in
/// table order (most important first), as many as fit whole; the binding of `alwaysShown` (the key that lists
/// the others) keeps its place at the end when they do not all fit.
public struct KeyHintBar: Hashable, Sendable {
    /// The table the hints come from.
    public var bindings: KeyBindingTable
    /// The action whose hint is never left out, such as the help overlay's.
    public var alwaysShown: KeyAction?

    /// A hint bar for `bindings`, never leaving out `alwaysShown`'s hint.
    public init(bindings: KeyBindingTable, alwaysShown: KeyAction? = nil) {
        self.bindings = bindings
        self.alwaysShown = alwaysShown
    }

    /// The hints that fit in `width` columns, most important first.
    public func fittingHints(width: Int) -> [KeyBinding] {
        let all = bindings.hints
        let fitting = Self.fitting(all, width: width)
        guard fitting.count < all.count, let pinned = all.first(where: { $0.action == alwaysShown }), !fitting.contains(pinned) else { return fitting }
        let others = Self.fitting(all.filter { $0 != pinned }, width: width - Self.width(of: pinned, first: false))
        return Self.width(of: pinned, first: others.isEmpty) <= width ? others + [pinned] : []
    }

    /// The first of `hints` that fit whole in `width` columns.
    private static func fitting(_ hints: [KeyBinding], width: Int) -> [KeyBinding] {
        var used = 0
        var shown: [KeyBinding] = []
        for binding in hints {
            let needed = self.width(of: binding, first: shown.isEmpty)
            guard used + needed <= width else { break }
            used += needed
            shown.append(binding)
        }
        return shown
    }

    /// The columns `binding`'s hint takes, with the space before it.
    private static func width(of binding: KeyBinding, first: Bool) -> Int {
        DisplayWidth.of(binding.hintKey) + 1 + DisplayWidth.of(binding.label) + (first ? 1 : 2)
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
