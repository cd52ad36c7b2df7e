import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// `ckdash tokens`: API tokens and server-to-server keys of a container, and management tokens; list, create
/// (the secret printed once) and revoke.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "List, create and revoke API tokens, server-to-server keys and management tokens.",
        subcommands: [List.self, Create.self, AddKey.self, Revoke.self], defaultSubcommand: List.self)

    /// What a token or key is.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case api, key, management
    }

    /// `ckdash tokens list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the container's API tokens and keys, and the management tokens.")

        @Flag(help: "Print the tokens and keys as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                let api = settings.container == nil ? [] : try await client.apiTokens()
                let keys = settings.container == nil ? [] : try await client.serverKeys()
                let management = try await client.managementTokens()
                if json {
                    return print(try JSONOutput.string(Listing(apiTokens: api, serverKeys: keys, managementTokens: management)))
                }
                var table = TextTable(headers: ["KIND", "ID", "NAME", "CONTAINER", "CREATED"])
                for token in api {
                    table.rows.append(["api", token.id, token.name, token.containerID?.rawValue ?? "-", DisplayTime.text(milliseconds: token.createdTimestamp)])
                }
                for key in keys {
                    table.rows.append(["key", key.keyID, "-", settings.container?.rawValue ?? "-", DisplayTime.text(milliseconds: key.createdTimestamp)])
                }
                for token in management {
                    table.rows.append([
                        "management", token.id, token.name + (token.readOnly ? " (read-only)" : ""), token.containerID?.rawValue ?? "every container",
                        DisplayTime.text(milliseconds: token.createdTimestamp),
                    ])
                }
                print(table.text, terminator: "")
            }
        }

        private struct Listing: Encodable {
            let apiTokens: [ManagementCredentials.Token]
            let serverKeys: [ManagementCredentials.ServerKey]
            let managementTokens: [ManagementCredentials.Token]
        }
    }

    /// `ckdash tokens create api|management [NAME]`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an API token of the container, or a management token; the secret is printed this once.")

        @Argument(help: "api or management.")
        var kind: Kind

        @Argument(help: "A name for people (required for a management token).")
        var name: String?

        @Flag(help: "A management token for the --container only (default: every container).")
        var containerOnly = false

        @Flag(help: "A management token that may only read.")
        var readOnly = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                let created: ManagementCredentials.CreatedToken
                switch kind {
                case .api: created = try await client.createAPIToken(name: name)
                case .management:
                    guard let name else { throw CommandFailure("a management token needs a name") }
                    created = try await client.createManagementToken(
                        name: name, container: containerOnly ? try settings.requireContainer() : nil, readOnly: readOnly)
                case .key: throw CommandFailure("keys are added from a public key file: ckdash tokens add-key FILE")
                }
                StandardError.write("Created \(kind.rawValue) token \(created.token.name) (id \(created.token.id)); keep the secret, it is not shown again:")
                print(created.secret)
            }
        }
    }

    /// `ckdash tokens add-key FILE`.
    struct AddKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add-key", abstract: "Add a server-to-server key from its public key PEM file.")

        @Argument(help: "The ECDSA P-256 public key in PEM form (openssl ec -in key.pem -pubout), or - for standard input.")
        var file: String

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
                guard let data else { throw CommandFailure("cannot read \(file)") }
                let key = try await client.addServerKey(publicKeyPEM: String(decoding: data, as: UTF8.self))
                print(key.keyID)
            }
        }
    }

    /// `ckdash tokens revoke api|key|management ID`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token or key by its ID; it stops working at once.")

        @Argument(help: "api, key or management.")
        var kind: Kind

        @Argument(help: "The ID from ckdash tokens list.")
        var id: String

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, _ in
                switch kind {
                case .api: try await client.revokeAPIToken(id: id)
                case .key: try await client.revokeServerKey(keyID: id)
                case .management: try await client.revokeManagementToken(id: id)
                }
                print("Revoked \(kind.rawValue) \(id).")
            }
        }
    }
}
