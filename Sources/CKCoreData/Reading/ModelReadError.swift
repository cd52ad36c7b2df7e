/// Why a model cannot be read: the file, the line when there is one, and what was expected.
public struct ModelReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it or as found in the bundle.
    public var file: String
    /// The line, counting from 1; `nil` for a problem with the file as a whole (missing, unreadable).
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Model.xcdatamodel/contents, line 4: expected …`.
    public var description: String {
        "\(file)\(line.map { ", line \($0)" } ?? ""): \(message)"
    }
}
