/// The user dictionary of `users/current` and `users/lookup/*`.
public struct User: Hashable, Sendable, Codable {
    /// The user's record name, `_` followed by 32 hex characters.
    public var userRecordName: String
    /// Present only when the user is discoverable.
    public var firstName: String?
    /// Present only when the user is discoverable.
    public var lastName: String?
    /// Present only in `users/lookup/email` results.
    public var emailAddress: String?

    /// Creates a user dictionary.
    public init(userRecordName: String, firstName: String? = nil, lastName: String? = nil, emailAddress: String? = nil) {
        self.userRecordName = userRecordName
        self.firstName = firstName
        self.lastName = lastName
        self.emailAddress = emailAddress
    }
}
