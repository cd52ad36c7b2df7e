/// Why the schema file cannot be used, said on screen in place of the schema.
enum SchemaFileError: Error, CustomStringConvertible {
    /// The file is missing or cannot be read.
    case unreadable(String)
    /// The file is not UTF-8.
    case notText(String)
    /// The text does not parse: `path:line:column: message`.
    case syntax(String)

    var description: String {
        switch self {
        case .unreadable(let path): "Cannot read the schema file \(path)."
        case .notText(let path): "The schema file \(path) is not UTF-8 text."
        case .syntax(let message): "The schema file does not parse: \(message)"
        }
    }
}
