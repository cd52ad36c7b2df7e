import ArgumentParser
import CKModel
import CKServer
import CommandLineSupport

extension UserCommand {
    /// `ckserver user password NAME [--password-file FILE | --remove]`: the password a user signs in with on the
    /// server's sign-in page.
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the password a user signs in with on the sign-in page (/auth/CONTAINER), or remove it.",
            discussion: "The password is never an argument: it is read from a file, from standard input, or asked for on the terminal.")

        @Argument(help: "The user's name.")
        var name: String

        @Option(
            help: ArgumentHelp(
                "A file whose first line is the password ('-' for standard input); without it, it is asked for on the terminal.", valueName: "file"))
        var passwordFile: String?

        @Flag(help: "Remove the password: the sign-in page no longer signs the user in.")
        var remove = false

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard !(remove && passwordFile != nil) else { throw ValidationError("give --password-file or --remove, not both") }
        }

        private struct Result: Encodable {
            let name: String
            let userRecordName: String
            let hasPassword: Bool
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                let password = remove ? nil : try SecretInput.read("password", file: passwordFile, prompt: "Password for \(name): ")
                let user = try await SignInService(storage: try await data.openStorage(), configuration: data.configuration)
                    .setPassword(password, ofUserNamed: name, in: id)
                try output.emit(
                    remove ? "\(user.name) has no password: the sign-in page no longer signs them in" : "\(user.name) signs in at /auth/\(id) with the new password",
                    json: Result(name: user.name, userRecordName: user.userRecordName, hasPassword: !remove))
            }
        }
    }
}
