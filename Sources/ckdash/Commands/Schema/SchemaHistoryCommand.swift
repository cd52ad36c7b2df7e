import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash schema history`: the container's deploys, who, when and what.
struct SchemaHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List the container's schema deploys, oldest first.")

    @Flag(help: "Print the deploys as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection) { client, _ in
            let deployments = try await client.deployments()
            if json {
                return print(try JSONOutput.string(deployments))
            }
            var table = TextTable(headers: ["DEPLOYED", "BY", "DIGEST", "CHANGES"])
            for deployment in deployments {
                table.rows.append([
                    DisplayTime.text(milliseconds: deployment.timestamp), deployment.actor, String(deployment.digest.prefix(12)),
                    deployment.changes.joined(separator: "; "),
                ])
            }
            print(table.text, terminator: "")
        }
    }
}
