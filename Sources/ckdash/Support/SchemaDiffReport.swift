import CKSchema

/// The human-readable form of a schema diff: changes grouped by class, blocked ones with their reasons.
enum SchemaDiffReport {
    static func text(for diff: SchemaDiff, production: String, development: String) -> String {
        var output = "Deploying \(development) over \(production)\n"
        guard !diff.isEmpty else {
            return output + "No changes: development matches production.\n"
        }
        for changeClass in [ChangeClass.blocked, .safe, .index, .permission] {
            let changes = diff.changes(of: changeClass)
            guard !changes.isEmpty else { continue }
            output += "\n\(changeClass.title) (\(changes.count)):\n"
            for change in changes {
                output += "  \(marker(for: changeClass)) \(change.summary)\n"
                if let reason = change.reason {
                    output += "      \(reason)\n"
                }
            }
        }
        let blocked = diff.changes(of: .blocked).count
        output += "\n\(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s"), \(blocked) blocked"
        output += blocked > 0 ? ": production refuses this deploy.\n" : ".\n"
        output += "digest \(diff.digest)\n"
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
