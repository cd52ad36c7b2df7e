import CKModel

/// The users of each container. One concern of `ServerStorage`.
public protocol UserStorage: Sendable {
    /// Adds a user; `EXISTS` if the name or record name is taken in the container.
    func createUser(_ user: UserAccount) async throws

    /// The user with this name in the container, or `nil`.
    func user(named name: String, in container: ContainerID) async throws -> UserAccount?

    /// The user with this record name in the container, or `nil`.
    func user(recordName: String, in container: ContainerID) async throws -> UserAccount?

    /// Every user of the container, by name.
    func users(in container: ContainerID) async throws -> [UserAccount]

    /// Sets whether other users may discover the user.
    func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws

    /// Replaces a user's custom roles.
    func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws
}
