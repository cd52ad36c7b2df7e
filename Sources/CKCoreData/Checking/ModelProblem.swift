/// Something in a model NSPersistentCloudKitContainer refuses (an error) or that will not sync as a reader might
/// expect (a warning): what, where in the model, and why.
public struct ModelProblem: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    /// What the problem is about, for grouping: the model's own rules, or how the environment differs.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A rule NSPersistentCloudKitContainer has for a model.
        case modelRule
        /// A record type or field the model needs and the environment lacks.
        case missing
        /// A field the environment has with another type (or encryption).
        case differentType
        /// An index the public database needs.
        case missingIndex
        /// A `CD_` type or field the environment has and the model no longer uses.
        case unused
    }

    /// What the environment lacks, for a `missing` problem: a record type, or one of its fields.
    public struct Missing: Hashable, Sendable, Codable {
        public var recordType: String
        /// The field; `nil` when the whole record type is missing.
        public var field: String?

        public init(recordType: String, field: String?) {
            self.recordType = recordType
            self.field = field
        }
    }

    public var severity: Severity
    public var kind: Kind
    /// What it is about: `Photo`, `Photo.displayName`.
    public var subject: String
    public var message: String
    /// The line of the model file, when the problem is about one element.
    public var line: Int?
    public var missing: Missing?

    public init(_ severity: Severity, _ kind: Kind, _ subject: String, _ message: String, line: Int? = nil, missing: Missing? = nil) {
        self.severity = severity
        self.kind = kind
        self.missing = missing
        self.subject = subject
        self.message = message
        self.line = line
    }

    /// `error: Photo.displayName (line 4): …`.
    public var description: String {
        "\(severity.rawValue): \(subject)\(line.map { " (line \($0))" } ?? ""): \(message)"
    }
}
