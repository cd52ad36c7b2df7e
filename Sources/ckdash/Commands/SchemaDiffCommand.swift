import CommandLineSupport
import ArgumentParser
import CKSchema
import Foundation

/// `ckdash schema diff PRODUCTION DEVELOPMENT`: what a deploy would change, grouped by risk.
struct SchemaDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what deploying DEVELOPMENT over PRODUCTION would change, grouped by risk.",
        discussion: """
            Changes are safe additions, index changes, permission changes, or blocked (production can \
            never remove a type or field or change a field's type). The digest identifies exactly this set \
            of changes. Exit status: 0 when the deploy is possible, 1 when a change is blocked, 2 when a \
            file cannot be read or is not a valid schema.
            """
    )

    @Argument(help: "The production schema (.ckdb).")
    var production: String

    @Argument(help: "The development schema (.ckdb).")
    var development: String

    @Flag(help: "Print the changes and the digest as JSON.")
    var json = false

    func run() throws {
        try reportingFailures(of: "ckdash") {
            let productionSchema = try SchemaFile(path: production).validSchema()
            let developmentSchema = try SchemaFile(path: development).validSchema()
            let diff = SchemaDiff(production: productionSchema, development: developmentSchema)
            if json {
                print(try JSONOutput.string(DiffReport(production: production, development: development, diff: diff)))
            } else {
                print(SchemaDiffReport.text(for: diff, production: production, development: development), terminator: "")
            }
            if diff.hasBlockedChanges {
                throw ExitCode.failure
            }
        }
    }

    /// The JSON form of the diff.
    private struct DiffReport: Encodable {
        let production: String
        let development: String
        let digest: String
        let blocked: Bool
        let changes: [SchemaChange]

        init(production: String, development: String, diff: SchemaDiff) {
            self.production = production
            self.development = development
            self.digest = diff.digest
            self.blocked = diff.hasBlockedChanges
            self.changes = diff.changes
        }
    }
}
