/// How wide a table column is: a fixed number of columns, or a minimum plus a share of the room left.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many columns.
    case fixed(Int)
    /// At least `minimum` columns, then a share of the spare room in proportion to `weight`.
    case flexible(minimum: Int, weight: Int = 1)

    /// The columns it takes at least.
    public var minimum: Int {
        switch self {
        case .fixed(let width): max(0, width)
        case .flexible(let minimum, _): max(0, minimum)
        }
    }

    /// Its share of spare room (0 for a fixed width).
    public var weight: Int {
        switch self {
        case .fixed: 0
        case .flexible(_, let weight): max(0, weight)
        }
    }

    /// The widths of the columns from `first` that fit in `available` columns with `spacing` between them:
    /// every shown column gets its minimum, flexible ones share what is left by weight, and columns that do
    /// not fit are left out (the result is shorter than `rules`).
    public static func fit(_ rules: [ColumnWidth], from first: Int = 0, available: Int, spacing: Int) -> [Int] {
        var widths: [Int] = []
        var used = 0
        for rule in rules.dropFirst(first) {
            let needed = rule.minimum + (widths.isEmpty ? 0 : spacing)
            if used + needed > available {
                if widths.isEmpty {
                    widths.append(max(0, available))
                    used = max(0, available)
                }
                break
            }
            widths.append(rule.minimum)
            used += needed
        }
        let shown = Array(rules.dropFirst(first).prefix(widths.count))
        let totalWeight = shown.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0, used < available else { return widths }
        let spare = available - used
        var given = 0
        var lastFlexible = 0
        for (index, rule) in shown.enumerated() where rule.weight > 0 {
            let share = spare * rule.weight / totalWeight
            widths[index] += share
            given += share
            lastFlexible = index
        }
        widths[lastFlexible] += spare - given
        return widths
    }
}
