import CKModel

/// What a `cloudkit.share` record shares and with whom: a root record and the records below it (through their
/// `parent`), or with no root the whole zone; the zone's owner owns it.
public struct StoredShare: Hashable, Sendable, Codable {
    /// The shared record, or `nil` for a zone-wide share.
    public var rootRecordName: String?
    /// The share's short GUID, the last part of its URL.
    public var shortGUID: String
    /// What anyone who has the URL may do once they accept it.
    public var publicPermission: SharePermission
    /// The people it is shared with, besides the owner.
    public var participants: [Participant]

    /// Creates a share description.
    public init(rootRecordName: String?, shortGUID: String, publicPermission: SharePermission, participants: [Participant]) {
        self.rootRecordName = rootRecordName
        self.shortGUID = shortGUID
        self.publicPermission = publicPermission
        self.participants = participants
    }

    /// One person a share is shared with.
    public struct Participant: Hashable, Sendable, Codable {
        /// The user's record name.
        public var userRecordName: String
        /// What they may do.
        public var permission: SharePermission
        /// Invited by the owner (`USER`) or joined through the public URL (`PUBLIC_USER`).
        public var type: ShareParticipant.ParticipantType
        /// Whether they accepted.
        public var acceptanceStatus: ShareParticipant.AcceptanceStatus

        /// Creates a participant.
        public init(
            userRecordName: String, permission: SharePermission, type: ShareParticipant.ParticipantType,
            acceptanceStatus: ShareParticipant.AcceptanceStatus
        ) {
            self.userRecordName = userRecordName
            self.permission = permission
            self.type = type
            self.acceptanceStatus = acceptanceStatus
        }
    }

    /// The participant entry of a user, if they are one.
    public func participant(_ userRecordName: String) -> Participant? {
        participants.first { $0.userRecordName == userRecordName }
    }

    /// The participants as the wire shows them, the owner first.
    func wireParticipants(owner: String) -> (owner: ShareParticipant, others: [ShareParticipant]) {
        func identity(_ name: String) -> UserIdentity {
            UserIdentity(userRecordName: name, lookupInfo: .init(userRecordName: name))
        }
        let ownerParticipant = ShareParticipant(userIdentity: identity(owner), permission: .readWrite, type: .owner, acceptanceStatus: .accepted)
        return (ownerParticipant, participants.map {
            ShareParticipant(userIdentity: identity($0.userRecordName), permission: $0.permission, type: $0.type, acceptanceStatus: $0.acceptanceStatus)
        })
    }
}
