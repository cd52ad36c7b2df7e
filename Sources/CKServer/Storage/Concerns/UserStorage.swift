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

    /// Sets (or with `nil` removes) the stored form of the user's sign-in password (`PasswordVerifier.stored`).
    func setPasswordVerifier(_ verifier: String?, ofUser userRecordName: String, in container: ContainerID) async throws

    /// The user with this name in the container and the stored form of their sign-in password (`nil` when they
    /// have none), or `nil` when there is no such user.
    func signInUser(named name: String, in container: ContainerID) async throws -> (user: UserAccount, passwordVerifier: String?)?
}
