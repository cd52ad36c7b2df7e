/// A place in a `.ckdb` file: 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The line, counting from 1.
    public var line: Int
    /// The column in Unicode scalars, counting from 1.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}
