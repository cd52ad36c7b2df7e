import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// Where a command connects, once options, environment variables and the profile are resolved.
struct ConnectionSettings: Equatable, Sendable {
    /// The server's base URL.
    var serverURL: URL
    /// The container, when one was given.
    var container: ContainerID?
    /// The environment data and schema commands address.
    var environment: ContainerEnvironment
    /// The database record commands address.
    var database: DatabaseScope
    /// The management token, when one was given.
    var token: String?
    /// The user the management token's data calls act as (a record name, name or email address), when given.
    var actingAsUser: String?
    /// CloudKit's data API credentials, when given: on a server without a management token (Apple's CloudKit),
    /// what data calls are sent with.
    var dataCredentials: DataAPICredentials? = nil
    /// The environment's schema as a `.ckdb` file, read instead of the server's where there is no management API.
    var schemaFile: String? = nil

    /// The client's credentials: the management token and the data API credentials given; a one-line failure
    /// saying how to give some when there are none.
    func credentials() throws -> Credentials {
        guard token != nil || dataCredentials != nil else {
            throw CommandFailure(
                "no credentials: give --token (ckserver's management token), or --api-token (with --web-auth-token-file for a user's databases) or --key-id and --key (CloudKit's data API)")
        }
        return try (dataCredentials ?? DataAPICredentials()).credentials(managementToken: token)
    }

    /// The container, or a failure saying how to give one.
    func requireContainer() throws -> ContainerID {
        guard let container else {
            throw CommandFailure("no container: give --container ID, set CKDASH_CONTAINER, or put container in the profile")
        }
        return container
    }
}
