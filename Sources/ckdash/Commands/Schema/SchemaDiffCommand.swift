import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash schema diff [PRODUCTION DEVELOPMENT]`: what a deploy would change, grouped by risk: of two files,
/// or of the container's two environments on the server.
struct SchemaDiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what a deploy would change, grouped by risk: of two files, or of the container on the server.",
        discussion: """
            With two files, compares them here. With none, asks the server for the diff of the container's \
            development schema against production's. Changes are safe additions, index changes, permission changes, or blocked (production can \
            never remove a type or field or change a field's type). The digest identifies exactly this set \
            of changes. Exit status: 0 when the deploy is possible, 1 when a change is blocked, 2 when a \
            file cannot be read or is not a valid schema.
            """
    )

    @Argument(help: "The production schema (.ckdb); leave both files out to diff the container on the server.")
    var production: String?

    @Argument(help: "The development schema (.ckdb).")
    var development: String?

    @Flag(help: "Print the changes and the digest as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        guard (production == nil) == (development == nil) else {
            throw ValidationError("give both files (PRODUCTION DEVELOPMENT), or none to diff the container on the server")
        }
    }

    func run() async throws {
        guard let production, let development else {
            return try await ServerSession.run(connection) { client, settings in
                let diff = try await client.schemaDiff()
                if json {
                    print(try JSONOutput.string(diff))
                } else {
                    let heading = "Deploying development over production of \(try settings.requireContainer())"
                    print(SchemaDiffReport.text(for: diff.changes, digest: diff.digest, heading: heading), terminator: "")
                }
                if diff.changes.contains(where: { $0.changeClass == ChangeClass.blocked.rawValue }) {
                    throw ExitCode.failure
                }
            }
        }
        try reportingFailures(of: "ckdash") {
            let productionSchema = try SchemaFile(path: production).validSchema()
            let developmentSchema = try SchemaFile(path: development).validSchema()
            let diff = SchemaDiff(production: productionSchema, development: developmentSchema)
            if json {
                print(try JSONOutput.string(DiffReport(production: production, development: development, diff: diff)))
            } else {
                print(SchemaDiffReport.text(for: diff, heading: "Deploying \(development) over \(production)"), terminator: "")
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
