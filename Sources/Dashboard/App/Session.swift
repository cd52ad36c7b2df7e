import CKClient
import CKModel

/// Where the dashboard is looking and as whom: the breadcrumb's container ▸ environment ▸ database ▸ zone ▸
/// record type, and the user whose private and shared databases it browses.
struct Session: Equatable, Sendable {
    /// The container, once one is chosen.
    var container: ContainerID?
    /// Development or production.
    var environment: ContainerEnvironment = .development
    /// Public, private or shared.
    var database: DatabaseScope = .public
    /// The zone; the default zone when `nil`.
    var zone: ZoneID?
    /// The record type being browsed.
    var recordType: String?
    /// The user the management token acts as; the private and shared databases are this user's.
    var user: ActingUser?

    /// `client` addressing this session's container, environment and database, acting as its user.
    func client(from client: CloudKitClient) -> CloudKitClient {
        client.addressing(container, environment: environment).database(database).actingAsUser(recordName: user?.userRecordName)
    }
}

/// A user of the container the dashboard acts as.
struct ActingUser: Equatable, Sendable {
    /// The user's record name, which the server knows them by.
    var userRecordName: String
    /// The name shown in the header.
    var name: String
}
