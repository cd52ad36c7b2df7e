import ArgumentParser
import CKModel
import CKServer

/// `ckserver api-token create --container ID [--sign-in-callback URL]`.
struct APITokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-token", abstract: "Create API tokens (ckAPIToken).", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an API token for a container: 64 hex characters, printed once.")

        @OptionGroup var container: ContainerOption

        @Option(
            help: ArgumentHelp(
                "Where the sign-in page sends users who sign in for this token, with ckWebAuthToken added (as Apple's console's sign-in callback): https, or http to this machine; without it the page shows the token.",
                valueName: "url"))
        var signInCallback: String?

        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let apiToken: String
            let container: String
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                let token = try await CredentialService(storage: try await data.openStorage(), configuration: data.configuration)
                    .createAPIToken(container: id, signInCallback: signInCallback)
                try output.emit(token, json: Result(apiToken: token, container: id.rawValue))
            }
        }
    }
}
