/// A user identity, as `users/caller` and `users/discover` return it.
///
/// A user who is not discoverable comes back with `lookupInfo` only.
public struct UserIdentity: Hashable, Sendable, Codable {
    /// The user's record name.
    public var userRecordName: String?
    /// How the user was looked up.
    public var lookupInfo: LookupInfo?
    /// The user's name, when discoverable.
    public var nameComponents: NameComponents?

    /// Creates a user identity.
    public init(userRecordName: String? = nil, lookupInfo: LookupInfo? = nil, nameComponents: NameComponents? = nil) {
        self.userRecordName = userRecordName
        self.lookupInfo = lookupInfo
        self.nameComponents = nameComponents
    }

    /// One way of finding a user: by email address, phone number or record name.
    public struct LookupInfo: Hashable, Sendable, Codable {
        /// The user's email address.
        public var emailAddress: String?
        /// The user's phone number.
        public var phoneNumber: String?
        /// The user's record name.
        public var userRecordName: String?

        /// Creates lookup info.
        public init(emailAddress: String? = nil, phoneNumber: String? = nil, userRecordName: String? = nil) {
            self.emailAddress = emailAddress
            self.phoneNumber = phoneNumber
            self.userRecordName = userRecordName
        }
    }

    /// The parts of a person's name.
    public struct NameComponents: Hashable, Sendable, Codable {
        /// "Dr.", "Ms." …
        public var namePrefix: String?
        /// The first name.
        public var givenName: String?
        /// A middle name.
        public var middleName: String?
        /// The last name.
        public var familyName: String?
        /// "Jr.", "III" …
        public var nameSuffix: String?
        /// A name the person goes by.
        public var nickname: String?
        /// The same parts spelled phonetically (`givenName`, `familyName` …).
        public var phoneticRepresentation: [String: String]?

        /// Creates name components.
        public init(
            namePrefix: String? = nil, givenName: String? = nil, middleName: String? = nil, familyName: String? = nil,
            nameSuffix: String? = nil, nickname: String? = nil, phoneticRepresentation: [String: String]? = nil
        ) {
            self.namePrefix = namePrefix
            self.givenName = givenName
            self.middleName = middleName
            self.familyName = familyName
            self.nameSuffix = nameSuffix
            self.nickname = nickname
            self.phoneticRepresentation = phoneticRepresentation
        }
    }
}
