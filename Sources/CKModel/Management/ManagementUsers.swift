/// The users calls of the management API under `/management/1/containers/{container}/users…`: list them with
/// their roles, create one, assign and remove custom roles, issue a web auth token (for testing), and mark a
/// user discoverable.
public enum ManagementUsers {
    /// A user of a container.
    public struct User: Hashable, Sendable, Codable {
        /// The user's record name, which identifies them in the data API and in these paths.
        public var userRecordName: String
        /// The name given when the user was made.
        public var name: String
        /// Their email address, if given.
        public var emailAddress: String?
        /// Whether other users may find them with `users/discover` and `users/lookup/*`.
        public var discoverable: Bool
        /// Their custom security roles.
        public var roles: [String]

        /// Creates a user entry.
        public init(userRecordName: String, name: String, emailAddress: String?, discoverable: Bool, roles: [String]) {
            self.userRecordName = userRecordName
            self.name = name
            self.emailAddress = emailAddress
            self.discoverable = discoverable
            self.roles = roles
        }
    }

    /// The users of a container, by name.
    public struct ListResponse: Hashable, Sendable, Codable {
        /// The users.
        public var users: [User]

        /// Creates a list answer.
        public init(users: [User]) {
            self.users = users
        }
    }

    /// The body of a create.
    public struct CreateRequest: Hashable, Sendable, Codable {
        /// The user's name, one line of text, unique in the container.
        public var name: String
        /// Their email address.
        public var emailAddress: String?
        /// Whether other users may find them.
        public var discoverable: Bool?

        /// Creates a create request.
        public init(name: String, emailAddress: String? = nil, discoverable: Bool? = nil) {
            self.name = name
            self.emailAddress = emailAddress
            self.discoverable = discoverable
        }
    }

    /// A user with a web auth token that signs them in: the answer of a create and of a token request.
    public struct SignedIn: Hashable, Sendable, Codable {
        /// The user.
        public var user: User
        /// A web auth token for `ckWebAuthToken`, valid for the server's token lifetime.
        public var webAuthToken: String

        /// Creates the answer.
        public init(user: User, webAuthToken: String) {
            self.user = user
            self.webAuthToken = webAuthToken
        }
    }

    /// The body of a role change: the custom role to assign or remove.
    public struct RoleRequest: Hashable, Sendable, Codable {
        /// The role, created with `CREATE ROLE` in the container's schema.
        public var role: String
        /// `true` to assign it, `false` to remove it.
        public var assigned: Bool

        /// Creates a role change.
        public init(role: String, assigned: Bool) {
            self.role = role
            self.assigned = assigned
        }
    }

    /// The body of a discoverability change.
    public struct DiscoverableRequest: Hashable, Sendable, Codable {
        /// Whether other users may find the user.
        public var discoverable: Bool

        /// Creates the change.
        public init(discoverable: Bool) {
            self.discoverable = discoverable
        }
    }

    /// The body of a web auth token request: nothing.
    public struct WebAuthTokenRequest: Hashable, Sendable, Codable {
        /// Creates the request.
        public init() {}
    }
}
