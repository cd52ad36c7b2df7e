/// `users/discover` and `users/lookup/email|id`: finding other users.
public enum UsersLookup {
    /// The body of `POST users/discover`: who to look for.
    public struct DiscoverRequest: Hashable, Sendable, Codable {
        /// Email addresses, phone numbers or record names.
        public var lookupInfos: [UserIdentity.LookupInfo]

        /// Creates a discover request.
        public init(lookupInfos: [UserIdentity.LookupInfo]) {
            self.lookupInfos = lookupInfos
        }
    }

    /// The response of `users/caller`: the caller's identity in `users`, as Apple documents it, and the same
    /// identity's keys at the top level (with `firstName` and `lastName`), as clients such as MistKit read it.
    public struct CallerResponse: Hashable, Sendable, Encodable {
        /// The caller, once.
        public var users: [UserIdentity]
        /// The caller's record name.
        public var userRecordName: String?
        /// How the caller can be looked up.
        public var lookupInfo: UserIdentity.LookupInfo?
        /// The caller's name.
        public var nameComponents: UserIdentity.NameComponents?
        /// The caller's given name, as `users/current` gives it.
        public var firstName: String?
        /// The caller's family name, as `users/current` gives it.
        public var lastName: String?

        /// The response for one identity.
        public init(caller: UserIdentity) {
            users = [caller]
            userRecordName = caller.userRecordName
            lookupInfo = caller.lookupInfo
            nameComponents = caller.nameComponents
            firstName = caller.nameComponents?.givenName
            lastName = caller.nameComponents?.familyName
        }
    }

    /// The response of `users/discover`: user identities.
    public struct IdentitiesResponse: Hashable, Sendable, Codable {
        /// The users found.
        public var users: [UserIdentity]

        /// Creates a response.
        public init(users: [UserIdentity]) {
            self.users = users
        }
    }

    /// The body of `users/lookup/email` and `users/lookup/id`.
    public struct LookupRequest: Hashable, Sendable, Codable {
        /// The users wanted, by `emailAddress` or `userRecordName`.
        public var users: [UserIdentity.LookupInfo]

        /// Creates a lookup request.
        public init(users: [UserIdentity.LookupInfo]) {
            self.users = users
        }
    }

    /// The response of `users/lookup/*`: user dictionaries.
    public struct UsersResponse: Hashable, Sendable, Codable {
        /// The users found.
        public var users: [User]

        /// Creates a response.
        public init(users: [User]) {
            self.users = users
        }
    }
}
