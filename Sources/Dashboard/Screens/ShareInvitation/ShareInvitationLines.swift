import CKModel

/// What a resolved share says to the user acted as, line by line: what it shares, whose it is, and what they are
/// to it.
enum ShareInvitationLines {
    /// The labelled lines; `user` is the name of the user acted as, `names` users' names by record name.
    static func lines(_ metadata: RecordsShares.ShareMetadata, user: String, names: [String: String]) -> [(label: String, value: String)] {
        let root = metadata.rootRecordName.map { name in "the record \(name)" + (metadata.rootRecord?.recordType.map { " (\($0)) and the records below it" } ?? "") }
        let participants = (metadata.share.participants ?? []).map { participant in
            let permission = ShareRows.label(participant.permission ?? .unknown, none: "none")
            return "\(ShareRows.name(participant.userRecordName, names)) (\(participant.type == .owner ? "owner" : permission), \(participant.acceptanceStatus?.rawValue.lowercased() ?? "?"))"
        }
        return [
            ("Shares", root ?? "the whole zone \(metadata.zoneID.zoneName)"),
            ("Zone", metadata.zoneID.zoneName),
            ("Owner", ShareRows.name(metadata.ownerIdentity.userRecordName ?? metadata.zoneID.ownerRecordName, names)),
            ("Container", "\(metadata.containerIdentifier), \(metadata.environment)"),
            ("\(user) is", standing(metadata)),
            ("Anyone with the link", ShareRows.label(metadata.share.publicPermission ?? .none, none: "no access")),
            ("Participants", participants.isEmpty ? "—" : participants.joined(separator: ", ")),
        ]
    }

    /// The user's part in the share, in words: `invited, may read and write`.
    static func standing(_ metadata: RecordsShares.ShareMetadata) -> String {
        if metadata.isOwnersView { return "its owner" }
        let status = metadata.participantStatus == .accepted ? "a participant" : "invited"
        let how = metadata.participantType == .publicUser ? " through the link" : ""
        return "\(status)\(how), \(permission(metadata))"
    }

    /// What the user may do with what the share shares: `may read and write`.
    static func permission(_ metadata: RecordsShares.ShareMetadata) -> String {
        metadata.participantPermission == .readWrite ? "may read and write" : "may read"
    }
}
