import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport

/// `ckdash schema deploy`: show the diff of development against production, confirm, and deploy exactly
/// that diff.
struct SchemaDeployCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Deploy the container's development schema to production.",
        discussion: """
            Shows the diff and asks for the container name to be typed. For CI, pass --yes with the digest \\
            of the diff you reviewed (from `ckdash schema diff`): the server deploys only if the diff still \\
            has that digest, so nothing unreviewed reaches production. A diff with a blocked change is \\
            refused whole. Exit status: 0 when deployed (or nothing to deploy), 1 when blocked, 2 on any \\
            other failure.
            """)

    @Flag(help: "Do not ask; needs --digest.")
    var yes = false

    @Option(help: ArgumentHelp("The digest of the reviewed diff; the deploy is refused if the diff changed since.", valueName: "digest"))
    var digest: String?

    @Flag(help: "Print the deploy's answer as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        if yes, digest == nil {
            throw ValidationError("--yes needs --digest D: the digest of the diff you reviewed (ckdash schema diff prints it)")
        }
    }

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            let container = try settings.requireContainer()
            let diff = try await client.schemaDiff()
            if !json {
                print(SchemaDiffReport.text(for: diff.changes, digest: diff.digest, heading: "Deploying development over production of \(container)"), terminator: "")
            }
            if diff.changes.contains(where: { $0.changeClass == ChangeClass.blocked.rawValue }) {
                StandardError.write("ckdash: production refuses this deploy: fix the blocked changes in development first")
                throw ExitCode.failure
            }
            guard !diff.changes.isEmpty else { return }
            if !yes {
                try Confirmation.requireTyped(
                    container.rawValue, prompt: "This changes production's schema, and fields and types in production can never be removed.",
                    scriptHint: "pass --yes --digest \(diff.digest) to deploy this diff")
            }
            let deployed = try await client.deploySchema(digest: digest ?? diff.digest)
            if json {
                print(try JSONOutput.string(deployed))
            } else {
                print("Deployed \(deployed.changes.count) change\(deployed.changes.count == 1 ? "" : "s") to production of \(container) (digest \(deployed.digest)).")
            }
        }
    }
}
