/// Something in a model NSPersistentCloudKitContainer refuses (an error) or that will not sync as a reader might
/// expect (a warning): what, where in the model, and why.
public struct ModelProblem: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    /// What it is about: `Photo`, `Photo.displayName`.
    public var subject: String
    public var message: String
    /// The line of the model file, when the problem is about one element.
    public var line: Int?

    public init(_ severity: Severity, _ subject: String, _ message: String, line: Int? = nil) {
        self.severity = severity
        self.subject = subject
        self.message = message
        self.line = line
    }

    /// `error: Photo.displayName (line 4): …`.
    public var description: String {
        "\(severity.rawValue): \(subject)\(line.map { " (line \($0))" } ?? ""): \(message)"
    }
}
