/// A `.ckdb` file that does not follow the schema language, with where and what was expected.
public struct SchemaSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What was found and what was expected there.
    public var message: String

    /// Creates a syntax error.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// "line 6, column 25: found "BADTYPE", expected a field type (…)"
    public var description: String { "\(location): \(message)" }
}
