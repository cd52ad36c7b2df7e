import ArgumentParser
import CKModel
import CKServer
import CommandLineSupport
import Foundation

/// `ckserver key add --container ID --public-key FILE.pem`: server-to-server keys.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Add server-to-server keys.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an ECDSA P-256 public key; prints its 64-hex key ID for X-Apple-CloudKit-Request-KeyID.")

        @Option(help: ArgumentHelp("The public key in PEM form (openssl ec -in key.pem -pubout).", valueName: "file.pem"))
        var publicKey: String

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let keyID: String
            let container: String
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                guard let pem = try? String(contentsOfFile: publicKey, encoding: .utf8) else {
                    throw CommandFailure("cannot read \(publicKey)")
                }
                let keyID = try await CredentialService(storage: try await data.openStorage(), configuration: data.configuration)
                    .addServerKey(container: id, publicKeyPEM: pem)
                try output.emit(keyID, json: Result(keyID: keyID, container: id.rawValue))
            }
        }
    }
}
