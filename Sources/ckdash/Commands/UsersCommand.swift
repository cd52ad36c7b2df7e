import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash users`: a container's users with their roles; create, assign and remove roles, discoverability,
/// and a web auth token for testing.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "List a container's users with their roles, and manage them.",
        subcommands: [List.self, Create.self, Role.self, Discoverable.self, SignIn.self], defaultSubcommand: List.self)

    /// `ckdash users list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the users with their roles.")

        @Flag(help: "Print the users as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let users = try await client.users()
                if json {
                    return print(try JSONOutput.string(users))
                }
                var table = TextTable(headers: ["USER RECORD NAME", "NAME", "EMAIL", "DISCOVERABLE", "ROLES"])
                for user in users {
                    table.rows.append([
                        user.userRecordName, user.name, user.emailAddress ?? "-", user.discoverable ? "yes" : "no",
                        user.roles.isEmpty ? "-" : user.roles.joined(separator: ", "),
                    ])
                }
                print(table.text, terminator: "")
            }
        }
    }

    /// `ckdash users create NAME`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a user and print a web auth token signing them in.")

        @Argument(help: "The user's name, unique in the container.")
        var name: String

        @Option(help: "The user's email address.")
        var email: String?

        @Flag(help: "Let other users find them.")
        var discoverable = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let signedIn = try await client.createUser(.init(name: name, emailAddress: email, discoverable: discoverable))
                print("Created \(signedIn.user.name) (\(signedIn.user.userRecordName)); web auth token: \(signedIn.webAuthToken)")
            }
        }
    }

    /// `ckdash users role USER ROLE [--remove]`.
    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Assign a custom security role to a user, or remove it with --remove.")

        @Argument(help: "The user's record name.")
        var user: String

        @Argument(help: "The custom role, declared in the schema.")
        var role: String

        @Flag(help: "Remove the role instead.")
        var remove = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let updated = try await client.setRole(role, assigned: !remove, userRecordName: user)
                print("\(updated.name) has roles: \(updated.roles.isEmpty ? "none" : updated.roles.joined(separator: ", "))")
            }
        }
    }

    /// `ckdash users discoverable USER [--off]`.
    struct Discoverable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let other users find a user, or stop it with --off.")

        @Argument(help: "The user's record name.")
        var user: String

        @Flag(help: "Make the user undiscoverable instead.")
        var off = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let updated = try await client.setDiscoverable(!off, userRecordName: user)
                print("\(updated.name) is \(updated.discoverable ? "discoverable" : "not discoverable").")
            }
        }
    }

    /// `ckdash users sign-in USER`.
    struct SignIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sign-in", abstract: "Print a new web auth token for a user, for testing.")

        @Argument(help: "The user's record name.")
        var user: String

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                print(try await client.issueWebAuthToken(userRecordName: user).webAuthToken)
            }
        }
    }
}
