import ArgumentParser
import CKModel
import CKServer

/// `ckserver container create ID`.
struct ContainerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "container", abstract: "Create containers.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a container with its development and production environments.")

        @Argument(help: "The container's identifier, such as iCloud.com.example.Party.")
        var id: String

        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            _ = try ContainerOption.parse(id)
        }

        func run() async throws {
            let containerID = try ContainerOption.parse(id)
            try await runReportingFailures {
                let container = try await ContainerService(storage: try data.openStorage()).create(containerID)
                try output.emit("created container \(container.id) (development and production)", json: container)
            }
        }
    }
}
