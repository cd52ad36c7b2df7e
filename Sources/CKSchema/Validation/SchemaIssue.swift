/// Something wrong with (error) or worth a second look in (warning) a schema, with where it is.
public struct SchemaIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether the schema is unusable (error) or merely questionable (warning).
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// A stable identifier of the rule, for scripts (`duplicate-field`, `record-id-not-queryable` …).
    public var rule: String
    /// One line saying what is wrong and why it matters.
    public var message: String
    /// The record type concerned, if any.
    public var recordType: String?
    /// The field concerned, if any.
    public var field: String?
    /// Where in the file, when the schema came from one.
    public var location: SourceLocation?

    /// Creates an issue.
    public init(
        _ severity: Severity, rule: String, _ message: String, recordType: String? = nil, field: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.recordType = recordType
        self.field = field
        self.location = location
    }

    /// "12:5: warning: …" (the location is left out when there is none).
    public var description: String {
        let place = location.map { "\($0.line):\($0.column): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(rule)]"
    }
}
