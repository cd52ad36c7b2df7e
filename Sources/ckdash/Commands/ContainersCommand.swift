import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash containers`: the containers the management token reaches, with their records; `create` adds one.
struct ContainersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containers", abstract: "List containers with their records per environment and database, or create one.",
        subcommands: [List.self, Create.self], defaultSubcommand: List.self)

    /// `ckdash containers list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the containers the management token reaches.")

        @Flag(help: "Print the containers as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let containers = try await client.containers()
                if json {
                    return print(try JSONOutput.string(containers))
                }
                var table = TextTable(headers: ["CONTAINER", "CREATED", "DEVELOPMENT", "PRODUCTION"])
                for container in containers {
                    func records(_ environment: ContainerEnvironment) -> String {
                        let counts = container.recordCounts.filter { $0.environment == environment }
                        guard !counts.isEmpty else { return "0" }
                        return counts.map { "\($0.database.rawValue) \(ProgressLine.grouped($0.records))" }.joined(separator: ", ")
                    }
                    table.rows.append([
                        container.containerID.rawValue, DisplayTime.text(milliseconds: container.createdTimestamp), records(.development),
                        records(.production),
                    ])
                }
                print(table.text, terminator: "")
            }
        }
    }

    /// `ckdash containers create ID`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a container with empty schemas.")

        @Argument(help: "The new container's ID, such as iCloud.com.example.App.")
        var id: String

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                guard let container = ContainerID(rawValue: id) else {
                    throw CommandFailure("\(id) is not a container ID, such as iCloud.com.example.App")
                }
                let created = try await client.createContainer(container)
                print("Created \(created.containerID).")
            }
        }
    }
}
