/// A cell on the screen: where a backend puts the terminal's cursor for a text field.
public struct Position: Hashable, Sendable {
    /// The column, from 0.
    public var column: Int
    /// The row, from 0.
    public var row: Int

    /// The cell at `column`, `row`.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}
