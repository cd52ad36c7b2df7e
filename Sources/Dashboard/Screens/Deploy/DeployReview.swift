import CKModel
import CKSchema

/// What a deploy would do, fetched at one moment: the server's classified diff with its digest, the `.ckdb` text of
/// both environments, and the lint warnings of development's schema (which the deploy would bring to production).
struct DeployReview: Sendable {
    /// The diff and the digest a deploy sends back.
    var diff: ManagementSchema.DiffResponse
    /// Production's schema as `.ckdb` text.
    var production: String
    /// Development's schema as `.ckdb` text.
    var development: String
    /// Warnings worth fixing in development before deploying.
    var warnings: [SchemaIssue]

    /// The diff's changes as the report shows them.
    var lines: [SchemaDiffReport.Line] {
        diff.changes.map(SchemaDiffReport.Line.init)
    }

    /// How many changes production refuses.
    var blockedCount: Int {
        lines.filter { $0.changeClass == .blocked }.count
    }
}
