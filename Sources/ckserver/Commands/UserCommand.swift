import ArgumentParser
import CKModel
import CKServer

/// `ckserver user create|password|role`: users of a container, their sign-in passwords and custom roles.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Create users, set their sign-in passwords and manage their roles.",
        subcommands: [Create.self, Password.self, Role.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user; prints their userRecordName and a web auth token.")

        @Argument(help: "The user's name, unique in the container.")
        var name: String

        @Option(help: "The user's email address.")
        var email: String?

        @Flag(help: "Let other users find this one with users/discover and users/lookup.")
        var discoverable = false

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let name: String
            let userRecordName: String
            let webAuthToken: String
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                let (user, token) = try await UserService(storage: try await data.openStorage(), configuration: data.configuration)
                    .create(name: name, emailAddress: email, discoverable: discoverable, in: id)
                try output.emit(
                    "userRecordName \(user.userRecordName)\nwebAuthToken \(token)",
                    json: Result(name: user.name, userRecordName: user.userRecordName, webAuthToken: token))
            }
        }
    }

    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a user a custom role, or take it away.")

        @Argument(help: "The user's name.")
        var name: String

        @Option(help: ArgumentHelp("A custom role (CREATE ROLE in the schema) to give.", valueName: "role"))
        var add: String?

        @Option(help: ArgumentHelp("A role to take away.", valueName: "role"))
        var remove: String?

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard (add == nil) != (remove == nil) else {
                throw ValidationError("give exactly one of --add ROLE and --remove ROLE")
            }
        }

        private struct Result: Encodable {
            let name: String
            let userRecordName: String
            let roles: [String]
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                let user = try await UserService(storage: try await data.openStorage(), configuration: data.configuration)
                    .changeRole(add ?? remove ?? "", adding: add != nil, toUserNamed: name, in: id)
                let roles = user.roles.isEmpty ? "none" : user.roles.joined(separator: ", ")
                try output.emit(
                    "\(user.name) roles: \(roles)",
                    json: Result(name: user.name, userRecordName: user.userRecordName, roles: user.roles))
            }
        }
    }
}
