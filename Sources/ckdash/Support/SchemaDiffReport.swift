import CKModel
import CKSchema

/// The human-readable form of a schema diff, of two files or from the server: changes grouped by class,
/// blocked ones with their reasons, and the digest that identifies the diff.
enum SchemaDiffReport {
    /// One change as the report shows it.
    struct Line {
        var changeClass: ChangeClass
        var summary: String
        var reason: String?
    }

    /// The report of a diff computed here.
    static func text(for diff: SchemaDiff, heading: String) -> String {
        text(for: diff.changes.map { Line(changeClass: $0.changeClass, summary: $0.summary, reason: $0.reason) }, digest: diff.digest, heading: heading)
    }

    /// The report of a diff the server computed.
    static func text(for changes: [ManagementSchema.Change], digest: String, heading: String) -> String {
        text(
            for: changes.map { Line(changeClass: ChangeClass(rawValue: $0.changeClass) ?? .blocked, summary: $0.summary, reason: $0.reason) },
            digest: digest, heading: heading)
    }

    private static func text(for lines: [Line], digest: String, heading: String) -> String {
        var output = heading + "\n"
        guard !lines.isEmpty else {
            return output + "No changes: development matches production.\n"
        }
        for changeClass in [ChangeClass.blocked, .safe, .index, .permission] {
            let changes = lines.filter { $0.changeClass == changeClass }
            guard !changes.isEmpty else { continue }
            output += "\n\(changeClass.title) (\(changes.count)):\n"
            for change in changes {
                output += "  \(marker(for: changeClass)) \(change.summary)\n"
                if let reason = change.reason {
                    output += "      \(reason)\n"
                }
            }
        }
        let blocked = lines.filter { $0.changeClass == .blocked }.count
        output += "\n\(lines.count) change\(lines.count == 1 ? "" : "s"), \(blocked) blocked"
        output += blocked > 0 ? ": production refuses this deploy.\n" : ".\n"
        output += "digest \(digest)\n"
        return output
    }

    private static func marker(for changeClass: ChangeClass) -> String {
        switch changeClass {
        case .safe: "+"
        case .index: "~"
        case .permission: "*"
        case .blocked: "x"
        }
    }
}
