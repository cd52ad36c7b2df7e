/// The credentials calls of the management API: a container's API tokens and server-to-server keys under
/// `/management/1/containers/{container}/…`, and management tokens under `/management/1/managementTokens`.
/// A secret is shown once, in the answer that creates it; lists show an ID and a name, never the secret.
public enum ManagementCredentials {
    /// An API token or a management token, without its secret.
    public struct Token: Hashable, Sendable, Codable {
        /// Identifies the token for a revoke: the first 16 hex characters of the secret's SHA-256.
        public var id: String
        /// The name given when it was made (for API tokens made without one, the secret's first characters).
        public var name: String
        /// The container it is for; absent for a management token valid for every container.
        public var containerID: ContainerID?
        /// A management token that may read and never change anything.
        public var readOnly: Bool
        /// When it was made, in milliseconds since 1970.
        public var createdTimestamp: Int64
        /// For an API token: where the sign-in page sends a signed-in user's browser with the web auth token.
        public var signInCallback: String?

        /// Creates a token entry.
        public init(id: String, name: String, containerID: ContainerID?, readOnly: Bool, createdTimestamp: Int64, signInCallback: String? = nil) {
            self.id = id
            self.name = name
            self.containerID = containerID
            self.readOnly = readOnly
            self.createdTimestamp = createdTimestamp
            self.signInCallback = signInCallback
        }
    }

    /// Tokens, oldest first.
    public struct TokenList: Hashable, Sendable, Codable {
        /// The tokens.
        public var tokens: [Token]

        /// Creates a token list.
        public init(tokens: [Token]) {
            self.tokens = tokens
        }
    }

    /// The body of a token create.
    public struct CreateTokenRequest: Hashable, Sendable, Codable {
        /// A name for people; required for management tokens.
        public var name: String?
        /// For a management token: the one container it is for (absent for every container).
        public var containerID: ContainerID?
        /// For a management token: whether it may only read.
        public var readOnly: Bool?
        /// For an API token: where the sign-in page sends a signed-in user's browser with `ckWebAuthToken` (an
        /// https address, or http to this machine); without one the page shows the token.
        public var signInCallback: String?

        /// Creates a token request.
        public init(name: String? = nil, containerID: ContainerID? = nil, readOnly: Bool? = nil, signInCallback: String? = nil) {
            self.name = name
            self.containerID = containerID
            self.readOnly = readOnly
            self.signInCallback = signInCallback
        }
    }

    /// A token just made, with its secret: the only time the secret is shown.
    public struct CreatedToken: Hashable, Sendable, Codable {
        /// The token.
        public var token: Token
        /// The secret to send: `ckAPIToken` or `Authorization: Bearer`.
        public var secret: String

        /// Creates a created-token answer.
        public init(token: Token, secret: String) {
            self.token = token
            self.secret = secret
        }
    }

    /// The body of a revoke: the ID of the token or key.
    public struct RevokeRequest: Hashable, Sendable, Codable {
        /// A token's `id`, or a server key's `keyID`.
        public var id: String

        /// Creates a revoke request.
        public init(id: String) {
            self.id = id
        }
    }

    /// A server-to-server key.
    public struct ServerKey: Hashable, Sendable, Codable {
        /// The key ID clients send as `X-Apple-CloudKit-Request-KeyID`.
        public var keyID: String
        /// The public key in PEM form.
        public var publicKey: String
        /// When it was added, in milliseconds since 1970.
        public var createdTimestamp: Int64

        /// Creates a key entry.
        public init(keyID: String, publicKey: String, createdTimestamp: Int64) {
            self.keyID = keyID
            self.publicKey = publicKey
            self.createdTimestamp = createdTimestamp
        }
    }

    /// A container's server-to-server keys, oldest first.
    public struct ServerKeyList: Hashable, Sendable, Codable {
        /// The keys.
        public var keys: [ServerKey]

        /// Creates a key list.
        public init(keys: [ServerKey]) {
            self.keys = keys
        }
    }

    /// The body of adding a server-to-server key.
    public struct AddServerKeyRequest: Hashable, Sendable, Codable {
        /// The ECDSA P-256 public key in PEM form.
        public var publicKey: String

        /// Creates an add request.
        public init(publicKey: String) {
            self.publicKey = publicKey
        }
    }

    /// What a revoke removed.
    public struct RevokeResponse: Hashable, Sendable, Codable {
        /// The ID revoked.
        public var id: String

        /// Creates a revoke answer.
        public init(id: String) {
            self.id = id
        }
    }
}
