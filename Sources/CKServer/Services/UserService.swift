import CKModel
import CKSchema
import Foundation

/// Creates users and manages their custom security roles.
public struct UserService: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// Creates the service over a storage.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// Creates a user and signs them in: their account and a web auth token. A discoverable user can be
    /// found by others with `users/discover` and `users/lookup/*`.
    public func create(name: String, emailAddress: String?, discoverable: Bool = false, in container: ContainerID) async throws
        -> (user: UserAccount, webAuthToken: String)
    {
        _ = try await ContainerService(storage: storage).existing(container)
        guard !name.isEmpty, !name.contains(where: \.isNewline) else {
            throw ServerError(.badRequest, reason: "a user name must be one line of text")
        }
        let user = UserAccount(
            container: container, userRecordName: SecretGenerator.userRecordName(), name: name, emailAddress: emailAddress,
            isDiscoverable: discoverable)
        try await storage.createUser(user)
        try await createUserRecords(for: user)
        let token = try await CredentialService(storage: storage, configuration: configuration)
            .issueWebAuthToken(container: container, userRecordName: user.userRecordName)
        return (user, token)
    }

    /// The user's record in the `Users` type, named by their record name, in the public database of both
    /// environments, as CloudKit keeps one for every user of a container.
    private func createUserRecords(for user: UserAccount) async throws {
        let stamp = RecordStamp(timestamp: Timestamp(Date()), userRecordName: user.userRecordName, deviceID: "iCloud")
        let record = StoredRecord(
            recordName: user.userRecordName, recordType: RecordType.usersTypeName, changeTag: "", fields: [:], created: stamp,
            modified: stamp)
        for environment in ContainerEnvironment.allCases {
            let zone = ZoneKey(
                container: user.container, environment: environment, database: .public, ownerRecordName: "",
                zoneName: ZoneID.defaultZoneName)
            _ = try await storage.apply([.insert(record, RecordIndexes())], in: zone, atomic: false)
        }
    }

    /// The user with this name, or `NOT_FOUND`.
    public func existing(named name: String, in container: ContainerID) async throws -> UserAccount {
        guard let user = try await storage.user(named: name, in: container) else {
            throw ServerError(.notFound, reason: "there is no user named \(name) in \(container)")
        }
        return user
    }

    /// The user with this record name, or `NOT_FOUND`.
    public func existing(recordName: String, in container: ContainerID) async throws -> UserAccount {
        guard let user = try await storage.user(recordName: recordName, in: container) else {
            throw ServerError(.notFound, reason: "there is no user \(recordName) in \(container)")
        }
        return user
    }

    /// Lets other users find the user (`users/discover`, `users/lookup/*`), or stops them.
    public func setDiscoverable(_ discoverable: Bool, recordName: String, in container: ContainerID) async throws -> UserAccount {
        var user = try await existing(recordName: recordName, in: container)
        try await storage.setDiscoverable(discoverable, user: recordName, in: container)
        user.isDiscoverable = discoverable
        return user
    }

    /// Gives the user a custom role of the container's schema (development or production), or takes it away.
    public func changeRole(_ role: String, adding: Bool, toUserNamed name: String, in container: ContainerID) async throws
        -> UserAccount
    {
        var user = try await existing(named: name, in: container)
        if adding {
            let pair = try await storage.schemas(of: container)
            let known = (pair.development.roles + pair.production.roles).contains { $0.name == role }
            guard known else {
                throw ServerError(
                    .badRequest,
                    reason: "\(container) has no custom role \(role) (create it with CREATE ROLE in the schema; built-in roles are not assigned)")
            }
            if !user.roles.contains(role) {
                user.roles.append(role)
            }
        } else {
            user.roles.removeAll { $0 == role }
        }
        try await storage.setRoles(user.roles, ofUser: user.userRecordName, in: container)
        return user
    }
}
