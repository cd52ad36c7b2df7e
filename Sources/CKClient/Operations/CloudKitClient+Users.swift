import CKModel

extension CloudKitClient {
    /// The signed-in user (`users/current`, in the public database): needs a user's web auth token.
    public func currentUser() async throws -> User {
        try await send(.get, path: databasePath("users/current", database: .public))
    }

    /// The caller's identity (`users/caller`), with its name when the user is discoverable.
    public func callerIdentity() async throws -> UserIdentity {
        let response: UsersLookup.IdentitiesResponse = try await send(.get, path: databasePath("users/caller", database: .public))
        guard let caller = response.users.first else {
            throw CloudKitClientError.decoding(operation: "users/caller", httpStatus: 200, detail: "the answer names no user")
        }
        return caller
    }

    /// Every user the caller can discover (`GET users/discover`).
    public func discoverAllUserIdentities() async throws -> [UserIdentity] {
        let response: UsersLookup.IdentitiesResponse = try await send(.get, path: databasePath("users/discover", database: .public))
        return response.users
    }

    /// The discoverable users among those described by `lookupInfos` (`POST users/discover`): by email
    /// address, phone number or record name.
    public func discoverUserIdentities(_ lookupInfos: [UserIdentity.LookupInfo]) async throws -> [UserIdentity] {
        let response: UsersLookup.IdentitiesResponse = try await send(
            .post, path: databasePath("users/discover", database: .public), body: UsersLookup.DiscoverRequest(lookupInfos: lookupInfos))
        return response.users
    }

    /// The discoverable users with these email addresses (`users/lookup/email`).
    public func lookupUsers(emailAddresses: [String]) async throws -> [User] {
        try await lookupUsers("users/lookup/email", emailAddresses.map { UserIdentity.LookupInfo(emailAddress: $0) })
    }

    /// The discoverable users with these record names (`users/lookup/id`).
    public func lookupUsers(userRecordNames: [String]) async throws -> [User] {
        try await lookupUsers("users/lookup/id", userRecordNames.map { UserIdentity.LookupInfo(userRecordName: $0) })
    }

    private func lookupUsers(_ operation: String, _ users: [UserIdentity.LookupInfo]) async throws -> [User] {
        let response: UsersLookup.UsersResponse = try await send(
            .post, path: databasePath(operation, database: .public), body: UsersLookup.LookupRequest(users: users))
        return response.users
    }
}
