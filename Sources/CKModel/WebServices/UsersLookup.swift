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

    /// The response of `users/discover` and `users/caller`: user identities.
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
