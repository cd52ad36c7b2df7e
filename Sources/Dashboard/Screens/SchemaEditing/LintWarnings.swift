import CKSchema

/// The schema's lint warnings (`SchemaLinter`) by the record type they concern, which the record types screen
/// counts beside each type and the fields screen lists under its type's fields.
struct LintWarnings {
    private let byRecordType: [String: [SchemaIssue]]

    /// The warnings of `schema`.
    init(_ schema: Schema) {
        byRecordType = Dictionary(grouping: SchemaLinter.warnings(for: schema).filter { $0.recordType != nil }) { $0.recordType ?? "" }
    }

    /// The warnings about `recordType`, in the linter's order.
    func of(_ recordType: String) -> [SchemaIssue] {
        byRecordType[recordType] ?? []
    }
}
