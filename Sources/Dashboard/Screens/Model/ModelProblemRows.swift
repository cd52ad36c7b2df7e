import CKCoreData
import TerminalKit

/// A model's problems as the `:model` table lists them, grouped as the deploy screen groups a diff: the model's own
/// rules first, then what the environment lacks, what differs, the indexes, and what the model no longer uses.
enum ModelProblemRows {
    /// The table's columns.
    static let columns = [
        TableColumn("", width: .fixed(7)),
        TableColumn("GROUP", width: .fixed(16)),
        TableColumn("IN THE MODEL", width: .flexible(minimum: 14)),
        TableColumn("PROBLEM", width: .flexible(minimum: 30, weight: 4)),
    ]

    /// The groups in order, with their titles.
    static let groups: [(kind: ModelProblem.Kind, title: String)] = [
        (.modelRule, "model rules"), (.missing, "missing"), (.differentType, "different type"), (.missingIndex, "indexes"), (.unused, "no longer used"),
    ]

    /// `problems` in the groups' order, each group's as the check found them.
    static func sorted(_ problems: [ModelProblem]) -> [ModelProblem] {
        groups.flatMap { group in problems.filter { $0.kind == group.kind } }
    }

    /// One row per problem, errors in the error role; a missing one that development has already is in the group
    /// `to deploy`.
    static func rows(_ problems: [ModelProblem], developmentHas: (ModelProblem.Missing) -> Bool) -> TableRows {
        TableRows(problems.map { problem in
            let toDeploy = problem.missing.map(developmentHas) == true
            let role: ThemeRole = problem.severity == .error ? .error : .warning
            return [
                TableCell(problem.severity.rawValue, role: role), TableCell(toDeploy ? "to deploy" : title(of: problem.kind), role: toDeploy ? .warning : .muted),
                TableCell(problem.subject + (problem.line.map { " (line \($0))" } ?? "")),
                TableCell(problem.message + (toDeploy ? "; development has it: D deploys it" : "")),
            ]
        })
    }

    static func title(of kind: ModelProblem.Kind) -> String {
        groups.first { $0.kind == kind }?.title ?? kind.rawValue
    }
}
