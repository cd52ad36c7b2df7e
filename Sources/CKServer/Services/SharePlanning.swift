import CKModel

/// Decides what a saved `cloudkit.share` record shares and with whom, from what the client sent and the share
/// as it was.
struct SharePlanning {
    /// The records a new share may be for, by name.
    let roots: [String: StoredRecord]
    /// The container's users, who may be invited.
    let users: [UserAccount]
    /// The zone's owner, who owns every share in it.
    let owner: String
    /// Roots more than one share of the request wants, none of which may have them.
    let contestedRoots: Set<String>

    /// The share a save of `given` (named `name`) makes, over `existing` when it updates one.
    func share(_ given: Record, name: String, existing: StoredShare?) throws -> StoredShare {
        let rootName: String?
        if let existing {
            rootName = existing.rootRecordName
        } else if name == ShareRecord.zoneWideName {
            guard given.forRecord == nil else {
                throw ServerError(.badRequest, reason: "a zone-wide share (\(ShareRecord.zoneWideName)) shares the whole zone and takes no forRecord")
            }
            rootName = nil
        } else {
            guard let target = given.forRecord else {
                throw ServerError(.badRequest, reason: "a share needs forRecord, the record it shares (or the name \(ShareRecord.zoneWideName) to share the zone)")
            }
            guard let root = roots[target.recordName] else {
                throw ServerError(.notFound, reason: "no such record exists to share: \(target.recordName)")
            }
            if let tag = target.recordChangeTag, tag != root.changeTag {
                throw RecordRefusal.conflict(root.recordName)
            }
            if let other = root.share, other != name {
                throw ServerError(.badRequest, reason: "\(root.recordName) is already shared by the share \(other)")
            }
            if contestedRoots.contains(root.recordName) {
                throw ServerError(.badRequest, reason: "\(root.recordName) can be shared by one share only, and this request makes several")
            }
            rootName = root.recordName
        }
        let publicPermission = given.publicPermission ?? existing?.publicPermission ?? .none
        // Invited users as the owner lists them now (once each), keeping whether they accepted; users who joined
        // through the URL stay, with the public permission as it is now, and leave when it is NONE.
        var invited: [StoredShare.Participant] = []
        for wanted in try given.participants.map({ try $0.compactMap(participant) }) ?? existing?.participants.filter({ $0.type != .publicUser }) ?? [] {
            var participant = wanted
            if let before = existing?.participant(wanted.userRecordName), before.type != .publicUser {
                participant.acceptanceStatus = before.acceptanceStatus
            }
            invited.removeAll { $0.userRecordName == participant.userRecordName }
            invited.append(participant)
        }
        let joined = (existing?.participants ?? []).filter { member in
            member.type == .publicUser && publicPermission > .none && !invited.contains { $0.userRecordName == member.userRecordName }
        }.map { member in
            var member = member
            member.permission = publicPermission
            return member
        }
        return StoredShare(
            rootRecordName: rootName, shortGUID: existing?.shortGUID ?? Self.newShortGUID(), publicPermission: publicPermission,
            participants: invited + joined)
    }

    /// The invited user a participant entry names (by record name or email address); `nil` for the owner.
    private func participant(_ entry: ShareParticipant) throws -> StoredShare.Participant? {
        let lookup = entry.userIdentity?.lookupInfo
        let recordName = entry.userIdentity?.userRecordName ?? lookup?.userRecordName
        let email = lookup?.emailAddress?.lowercased()
        guard let user = users.first(where: { $0.userRecordName == recordName || (email != nil && $0.emailAddress?.lowercased() == email) }) else {
            throw ServerError(.badRequest, reason: "there is no user \(recordName ?? email ?? "without a name") to share with")
        }
        guard user.userRecordName != owner else { return nil }
        let permission = entry.permission ?? .readOnly
        guard permission == .readOnly || permission == .readWrite else {
            throw ServerError(
                .badRequest, reason: "a participant may have READ_ONLY or READ_WRITE, not \(permission.rawValue): leave \(user.userRecordName) out of participants to remove them")
        }
        return StoredShare.Participant(userRecordName: user.userRecordName, permission: permission, type: .user, acceptanceStatus: .invited)
    }

    /// A new short GUID: 26 letters and digits, hard to guess.
    static func newShortGUID() -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String(SecretGenerator.randomBytes(26).map { alphabet[Int($0) % alphabet.count] })
    }
}
