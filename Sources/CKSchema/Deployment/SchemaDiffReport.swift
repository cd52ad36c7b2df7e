import CKModel

/// The human-readable form of a schema diff, of two files or from the server: changes grouped by class (what
/// stops a deploy first), blocked ones with their reasons, and the digest that identifies the diff. `ckdash schema
/// diff` prints it as text; the dashboard's deploy screen draws the same groups in colour.
public enum SchemaDiffReport {
    /// One change as the report shows it.
    public struct Line: Hashable, Sendable {
        /// How risky the change is.
        public var changeClass: ChangeClass
        /// What changes, in one line.
        public var summary: String
        /// Why a blocked change is refused and how to fix it; for others, what to know before deploying.
        public var reason: String?

        /// The line of a change computed here.
        public init(_ change: SchemaChange) {
            self.init(changeClass: change.changeClass, summary: change.summary, reason: change.reason)
        }

        /// The line of a change the server computed; a class this client does not know counts as blocked.
        public init(_ change: ManagementSchema.Change) {
            self.init(changeClass: ChangeClass(rawValue: change.changeClass) ?? .blocked, summary: change.summary, reason: change.reason)
        }

        /// A line of `changeClass` saying `summary`.
        public init(changeClass: ChangeClass, summary: String, reason: String?) {
            self.changeClass = changeClass
            self.summary = summary
            self.reason = reason
        }
    }

    /// The order of the groups: blocked changes first, since they stop the deploy.
    public static let classOrder: [ChangeClass] = [.blocked, .safe, .index, .permission]

    /// The lines of `lines` grouped by class in `classOrder`, every class present even when it has none.
    public static func groups(_ lines: [Line]) -> [(changeClass: ChangeClass, lines: [Line])] {
        classOrder.map { changeClass in (changeClass, lines.filter { $0.changeClass == changeClass }) }
    }

    /// The report of a diff computed here.
    public static func text(for diff: SchemaDiff, heading: String) -> String {
        text(for: diff.changes.map(Line.init), digest: diff.digest, heading: heading)
    }

    /// The report of a diff the server computed.
    public static func text(for changes: [ManagementSchema.Change], digest: String, heading: String) -> String {
        text(for: changes.map(Line.init), digest: digest, heading: heading)
    }

    private static func text(for lines: [Line], digest: String, heading: String) -> String {
        var output = heading + "\n"
        guard !lines.isEmpty else {
            return output + "No changes: development matches production.\n"
        }
        for (changeClass, changes) in groups(lines) where !changes.isEmpty {
            output += "\n\(changeClass.title) (\(changes.count)):\n"
            for change in changes {
                output += "  \(changeClass.marker) \(change.summary)\n"
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
}
