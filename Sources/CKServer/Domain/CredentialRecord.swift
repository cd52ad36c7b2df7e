import CKModel
import Foundation

/// A stored credential: only the SHA-256 of the secret is kept, with what it grants.
public struct CredentialRecord: Hashable, Sendable {
    /// The secret's SHA-256, hex.
    public var secretHash: String
    /// What kind of secret it is.
    public var kind: CredentialKind
    /// A name for people (management tokens) or the first characters of the secret, to tell tokens apart.
    public var label: String
    /// The container it is for; `nil` for a management token valid for every container.
    public var container: ContainerID?
    /// The user a web auth token signs in.
    public var userRecordName: String?
    /// A management token that may read but never change anything.
    public var isReadOnly: Bool
    /// When it was issued.
    public var createdAt: Date
    /// When it stops working; `nil` for never.
    public var expiresAt: Date?
    /// For an API token, where the sign-in page sends the browser with the new `ckWebAuthToken`, as the sign-in
    /// callback of Apple's console does; `nil` shows the token on the page instead.
    public var signInCallback: String?

    /// What identifies the credential in lists and revokes without revealing it: the first 16 hex
    /// characters of the secret's hash.
    public var id: String { String(secretHash.prefix(16)) }

    /// Creates a credential record.
    public init(
        secretHash: String, kind: CredentialKind, label: String, container: ContainerID?, userRecordName: String? = nil,
        isReadOnly: Bool = false, createdAt: Date, expiresAt: Date? = nil, signInCallback: String? = nil
    ) {
        self.secretHash = secretHash
        self.kind = kind
        self.label = label
        self.container = container
        self.userRecordName = userRecordName
        self.isReadOnly = isReadOnly
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.signInCallback = signInCallback
    }
}
