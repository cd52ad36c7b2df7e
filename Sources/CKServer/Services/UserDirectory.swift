import CKModel

/// What users may learn about each other: `users/discover` and `users/lookup/*`.
///
/// Only users who allowed it are discoverable; a lookup of anyone else finds nothing, as in CloudKit.
public struct UserDirectory: Sendable {
    let storage: any ServerStorage

    /// Creates the directory over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// The identity CloudKit shows for a user: their lookup info, and their name when discoverable.
    static func identity(of user: UserAccount, includingName: Bool) -> UserIdentity {
        UserIdentity(
            userRecordName: user.userRecordName,
            lookupInfo: .init(emailAddress: user.emailAddress, userRecordName: user.userRecordName),
            nameComponents: includingName ? .init(givenName: user.name) : nil)
    }

    /// `users/discover`: the discoverable users matching the lookup infos (every discoverable user when none
    /// is given, as the GET form asks).
    public func discover(_ lookupInfos: [UserIdentity.LookupInfo]?, access: DatabaseAccess) async throws -> UsersLookup.IdentitiesResponse {
        try ItemLimit.check(lookupInfos?.count ?? 0, "users")
        let discoverable = try await directory(access)
        let found = lookupInfos.map { infos in discoverable.filter { user in infos.contains { Self.matches(user, $0) } } } ?? discoverable
        return UsersLookup.IdentitiesResponse(users: found.map { Self.identity(of: $0, includingName: true) })
    }

    /// `users/lookup/email` and `users/lookup/id`: user dictionaries of the discoverable users asked for.
    public func lookup(_ request: UsersLookup.LookupRequest, access: DatabaseAccess) async throws -> UsersLookup.UsersResponse {
        try ItemLimit.check(request.users.count, "users")
        let discoverable = try await directory(access)
        let users = request.users.compactMap { info in discoverable.first { Self.matches($0, info) } }
        return UsersLookup.UsersResponse(users: users.map { user in
            User(userRecordName: user.userRecordName, firstName: user.name, emailAddress: user.emailAddress)
        })
    }

    private func directory(_ access: DatabaseAccess) async throws -> [UserAccount] {
        guard access.database == .public else {
            throw ServerError(.badRequest, reason: "endpoint not applicable in the database type '\(access.database.rawValue)db'")
        }
        _ = try access.requireUser()
        return try await storage.users(in: access.container.id).filter(\.isDiscoverable)
    }

    private static func matches(_ user: UserAccount, _ info: UserIdentity.LookupInfo) -> Bool {
        if let email = info.emailAddress {
            return user.emailAddress?.lowercased() == email.lowercased()
        }
        if let name = info.userRecordName {
            return user.userRecordName == name
        }
        return false
    }
}
