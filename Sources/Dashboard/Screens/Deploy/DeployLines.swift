import CKModel
import CKSchema
import Foundation
import TerminalKit

/// What the deploy screen's tabs and dialogs say: the diff grouped by class in colour, the deploy history, what a
/// reset deletes, and what a deploy or a reset did.
enum DeployLines {
    /// The Changes tab: a heading, each class of change with its changes (blocked ones with how to fix them),
    /// then the lint warnings and the digest.
    static func changes(_ review: DeployReview, container: String) -> [ColoredText.Line] {
        let lines = review.lines
        guard !lines.isEmpty else {
            return [ColoredText.Line("Nothing to deploy: development matches production of \(container).", .success), ColoredText.Line("")]
                + warnings(review.warnings)
        }
        let blocked = review.blockedCount
        var listing = [
            ColoredText.Line(
                "Deploying development to production of \(container): \(Counting.counted(lines.count, "change")), "
                    + (blocked == 0 ? "none blocked" : "\(blocked) blocked: production refuses this deploy"),
                blocked == 0 ? .title : .error)
        ]
        for (changeClass, changes) in SchemaDiffReport.groups(lines) {
            guard !changes.isEmpty else {
                listing.append(ColoredText.Line("\(changeClass.title): none", .muted))
                continue
            }
            listing.append(ColoredText.Line("\(changeClass.title) (\(changes.count))", .title))
            for change in changes {
                listing.append(ColoredText.Line("  \(changeClass.marker) \(change.summary)", role(of: changeClass)))
                if let reason = change.reason {
                    listing.append(ColoredText.Line("      \(reason)", changeClass == .blocked ? .warning : .muted))
                }
            }
        }
        return listing + [ColoredText.Line("")] + warnings(review.warnings) + [ColoredText.Line("digest \(review.diff.digest)", .muted)]
    }

    /// The Deploy history tab: each deploy, newest first, with who, when, the digest and its changes.
    static func deployments(_ deployments: [ManagementSchema.Deployment], container: String, display: FieldValueDisplay) -> [ColoredText.Line] {
        guard !deployments.isEmpty else {
            return [ColoredText.Line("Nothing was ever deployed to production of \(container).", .muted)]
        }
        var listing = [ColoredText.Line("\(Counting.counted(deployments.count, "deploy")) to production of \(container), newest first", .title)]
        for deployment in deployments {
            let date = display.date(Date(timeIntervalSince1970: Double(deployment.timestamp) / 1000))
            listing.append(ColoredText.Line(""))
            listing.append(ColoredText.Line(
                "deployed \(date) by \(deployment.actor), \(Counting.counted(deployment.changes.count, "change")) (digest \(deployment.digest.prefix(12)))",
                .title))
            listing += deployment.changes.map { ColoredText.Line("  \($0)") }
        }
        return listing
    }

    /// What the deploy confirmation says it will do.
    static func deployMessage(_ review: DeployReview, container: String) -> String {
        let counts = SchemaDiffReport.groups(review.lines).filter { !$0.lines.isEmpty }
            .map { "\($0.changeClass.title.lowercased()): \($0.lines.count)" }
        return "Deploys \(Counting.counted(review.lines.count, "change")) (\(counts.joined(separator: ", "))) to production of \(container), "
            + "exactly the diff on screen. Record types and fields in production can never be removed afterwards."
    }

    /// What the reset confirmation says a reset deletes, from its dry run.
    static func resetMessage(_ preview: ManagementSchema.ResetResponse, container: String) -> String {
        "Deletes every development record, zone and subscription of \(container): \(records(preview.records)). "
            + schemaChanges(preview.changes) + " Production is not touched."
    }

    /// The lines at the top of the Changes tab after a deploy: what it did and where production's new schema is.
    static func deployed(_ answer: ManagementSchema.DeployResponse) -> [ColoredText.Line] {
        [ColoredText.Line("Deployed \(changeCount(answer.changes.count)) to production: its new schema is under .ckdb text.", .success), ColoredText.Line("")]
    }

    /// The lines at the top of the Changes tab when the server refused a deploy because the diff had changed.
    static let diffChanged = [
        ColoredText.Line("The diff changed since it was shown (development was edited meanwhile), so nothing was deployed. This is the new diff.", .warning),
        ColoredText.Line(""),
    ]

    /// `1 change`, `2 changes`.
    static func changeCount(_ count: Int) -> String {
        Counting.counted(count, "change")
    }

    /// The lines at the top of the Changes tab after a reset: what it deleted.
    static func resetDone(_ reset: ManagementSchema.ResetResponse) -> [ColoredText.Line] {
        [ColoredText.Line("Development was reset: deleted \(records(reset.records)). " + schemaChanges(reset.changes), .success), ColoredText.Line("")]
    }

    private static func warnings(_ warnings: [SchemaIssue]) -> [ColoredText.Line] {
        guard !warnings.isEmpty else { return [ColoredText.Line("Lint warnings of development: none", .muted)] }
        return [ColoredText.Line("Lint warnings of development (\(warnings.count))", .title)]
            + warnings.map { ColoredText.Line("  ! \($0.message) [\($0.rule)]", .warning) }
    }

    private static func records(_ counts: [ManagementSchema.RecordCount]) -> String {
        let total = counts.reduce(0) { $0 + $1.records }
        guard !counts.isEmpty else { return "no records" }
        return Counting.counted(total, "record") + " (" + counts.map { "\(Counting.grouped($0.records)) \($0.recordType)" }.joined(separator: ", ") + ")"
    }

    private static func schemaChanges(_ changes: [ManagementSchema.Change]) -> String {
        guard !changes.isEmpty else { return "Development's schema is production's already." }
        let disappearing = changes.filter { $0.change == "recordTypeRemoved" }.compactMap(\.recordType)
        let others = changes.filter { $0.change != "recordTypeRemoved" }.map(\.summary)
        var sentences: [String] = []
        if !disappearing.isEmpty {
            sentences.append("Record types that disappear: \(disappearing.joined(separator: ", ")).")
        }
        if !others.isEmpty {
            sentences.append("Schema back to production's: \(others.joined(separator: "; ")).")
        }
        return sentences.joined(separator: " ")
    }

    private static func role(of changeClass: ChangeClass) -> ThemeRole {
        switch changeClass {
        case .safe: .success
        case .blocked: .error
        case .index, .permission: .text
        }
    }
}
