/// The permission check of the management API, `GET /management/1/containers/{container}/schema/{environment}/
/// permissions?recordType=T&subject=S`: what someone may do with a type's records in the public database, and by
/// which grant, as the server decides it for the data API.
public enum ManagementPermissions {
    /// Whom the check is for: `anyone` (signed in or not), `signedIn` (any signed-in user without custom roles),
    /// or a user by record name.
    public enum Subject: Hashable, Sendable {
        case anyone
        case signedIn
        case user(userRecordName: String)

        /// The `subject` query parameter: `anyone`, `signedIn`, or the user's record name.
        public var parameter: String {
            switch self {
            case .anyone: "anyone"
            case .signedIn: "signedIn"
            case .user(let name): name
            }
        }

        /// The subject a `subject` query parameter names.
        public init(parameter: String) {
            switch parameter {
            case "anyone": self = .anyone
            case "signedIn": self = .signedIn
            default: self = .user(userRecordName: parameter)
            }
        }
    }

    /// How far a permission reaches.
    public enum Reach: String, Hashable, Sendable, Codable {
        /// On every record of the type.
        case allRecords
        /// Only on the records the subject created, through a grant to `_creator`.
        case ownRecords
        /// On none.
        case none
    }

    /// One permission's verdict.
    public struct Verdict: Hashable, Sendable, Codable {
        /// `CREATE`, `READ` or `WRITE`.
        public var permission: String
        /// Where it is allowed.
        public var reach: Reach
        /// The roles whose grants allow it, among those the subject holds (`_creator` for their own records).
        public var grantedBy: [String]

        public init(permission: String, reach: Reach, grantedBy: [String]) {
            self.permission = permission
            self.reach = reach
            self.grantedBy = grantedBy
        }
    }

    /// The answer: the subject as the server saw it and a verdict per permission, in CREATE, READ, WRITE order.
    public struct Response: Hashable, Sendable, Codable {
        public var recordType: String
        /// `anyone`, `signedIn` or the user's record name.
        public var subject: String
        /// The user's name, for a user.
        public var name: String?
        /// The roles the subject holds, built-in ones included (`_creator` is held on their own records only).
        public var roles: [String]
        public var permissions: [Verdict]

        public init(recordType: String, subject: String, name: String?, roles: [String], permissions: [Verdict]) {
            self.recordType = recordType
            self.subject = subject
            self.name = name
            self.roles = roles
            self.permissions = permissions
        }
    }
}
