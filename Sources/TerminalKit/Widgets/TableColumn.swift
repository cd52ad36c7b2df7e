/// A column of a `Table`: its heading, how wide it is, and how its cells are aligned.
public struct TableColumn: Hashable, Sendable {
    /// The heading.
    public var title: String
    /// Fixed, or a minimum plus a share of the spare room.
    public var width: ColumnWidth
    /// Where cells (and the heading) sit in the column.
    public var alignment: TextAlignment

    /// A column titled `title`; by default at least as wide as the title and sharing spare room.
    public init(_ title: String, width: ColumnWidth? = nil, alignment: TextAlignment = .leading) {
        self.title = title
        self.width = width ?? .flexible(minimum: DisplayWidth.of(title) + 2)
        self.alignment = alignment
    }
}

/// The column a table is sorted by, shown as ▲ or ▼ after its heading.
public struct TableSort: Hashable, Sendable {
    /// The index of the column.
    public var column: Int
    /// Whether the smallest value comes first.
    public var ascending: Bool

    /// Sorted by `column`, ascending or not.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }

    /// `▲` for ascending, `▼` for descending.
    public var indicator: String { ascending ? "▲" : "▼" }
}
