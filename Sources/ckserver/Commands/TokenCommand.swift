import ArgumentParser
import CKModel
import CKServer

/// `ckserver token create`: management tokens.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Create management tokens.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a management token (printed once; only its hash is stored).")

        @Option(help: ArgumentHelp("Limit the token to this container (default: every container).", valueName: "id"))
        var container: String?

        @Flag(help: "The token may read but never change anything.")
        var readOnly = false

        @Option(help: "A name for the token, shown in the audit log.")
        var name = "ckserver"

        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let token: String
            let name: String
            let container: String?
            let readOnly: Bool
        }

        func validate() throws {
            _ = try container.map(ContainerOption.parse)
        }

        func run() async throws {
            let containerID = try container.map(ContainerOption.parse)
            try await runReportingFailures {
                let storage = try await data.openStorage()
                let token = try await CredentialService(storage: storage, configuration: data.configuration)
                    .createManagementToken(name: name, container: containerID, readOnly: readOnly)
                try output.emit(token, json: Result(token: token, name: name, container: container, readOnly: readOnly))
            }
        }
    }
}
