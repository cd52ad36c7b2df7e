/// A person a share is shared with, as `cloudkit.share` records and `records/resolve` describe them.
public struct ShareParticipant: Hashable, Sendable, Codable {
    /// Who the participant is (when saving a share, `lookupInfo` with an email address or record name).
    public var userIdentity: UserIdentity?
    /// What they may do with the shared records.
    public var permission: SharePermission?
    /// Their part in the share.
    public var type: ParticipantType?
    /// Whether they accepted the share.
    public var acceptanceStatus: AcceptanceStatus?

    /// Creates a participant.
    public init(
        userIdentity: UserIdentity? = nil, permission: SharePermission? = nil, type: ParticipantType? = nil,
        acceptanceStatus: AcceptanceStatus? = nil
    ) {
        self.userIdentity = userIdentity
        self.permission = permission
        self.type = type
        self.acceptanceStatus = acceptanceStatus
    }

    /// The participant's user record name, wherever the answer put it.
    public var userRecordName: String? {
        userIdentity?.userRecordName ?? userIdentity?.lookupInfo?.userRecordName
    }

    /// A participant's part in a share.
    public enum ParticipantType: String, CaseIterable, Hashable, Sendable, Codable {
        case owner = "OWNER"
        case administrator = "ADMINISTRATOR"
        case user = "USER"
        case publicUser = "PUBLIC_USER"
        case unknown = "UNKNOWN"
    }

    /// Whether a participant accepted a share.
    public enum AcceptanceStatus: String, CaseIterable, Hashable, Sendable, Codable {
        case invited = "INVITED"
        case accepted = "ACCEPTED"
        case removed = "REMOVED"
        case unknown = "UNKNOWN"
    }
}

/// What a share lets a participant (or, as `publicPermission`, anyone with its URL) do.
public enum SharePermission: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case none = "NONE"
    case readOnly = "READ_ONLY"
    case readWrite = "READ_WRITE"
    case unknown = "UNKNOWN"

    /// Orders permissions by what they allow: none, read only, read and write (unknown allows nothing).
    public static func < (lhs: SharePermission, rhs: SharePermission) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .none, .unknown: 0
        case .readOnly: 1
        case .readWrite: 2
        }
    }
}
