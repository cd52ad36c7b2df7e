import CKModel
import Foundation
import TerminalKit

/// Making, changing and ending shares from the shares screen, as their owner: the questions asked, one at a
/// time, then one save of the share record (which fails with `CONFLICT` if someone changed it meanwhile).
extension SharesScreen {
    /// The selected share, when the session may change it: the owner's, in their private database.
    func ownedSelection(host: any ScreenHost) -> ListedShare? {
        guard let selected = list.selected else {
            host.report(StatusMessage("No share selected: n shares a zone, s on a record shares the record", kind: .warning))
            return nil
        }
        guard session.database == .private else {
            host.report(StatusMessage("Only the share's owner changes it, in their private database: here you are a participant", kind: .warning))
            return nil
        }
        return selected
    }

    /// Shares the session's zone, or asks which custom zone without a zone-wide share to share.
    func askZoneToShare(host: any ScreenHost) {
        guard session.database == .private else {
            host.report(StatusMessage("Zones are shared from their owner's private database: :db private USER", kind: .warning))
            return
        }
        if let zone = session.zone, !zone.isDefaultZone {
            shareZone(zone, host: host)
            return
        }
        let loader = loader
        let shared = Set((shares.value?.shares ?? []).filter(\.isZoneWide).map(\.zoneID.zoneName))
        host.work.start({ try await loader.customZones() }) { [weak self, weak host] result in
            guard let self, let host else { return }
            switch result {
            case .failure(let error):
                host.report(StatusMessage("Cannot list the zones: \(ErrorMessage.text(for: error))", kind: .error))
            case .success(let zones):
                let unshared = zones.filter { !shared.contains($0.zoneName) }
                guard !unshared.isEmpty else {
                    let reason = zones.isEmpty ? "there is no custom zone: create one on :zones (n)" : "every custom zone is shared already"
                    host.report(StatusMessage("Nothing to share: \(reason)", kind: .warning))
                    return
                }
                let picker = Picker(title: "Share the whole zone", choices: unshared, items: unshared.map { ListItem($0.zoneName) })
                question = SchemaQuestion(picker) { [weak self, weak host] zone in
                    guard let self, let host else { return }
                    shareZone(zone, host: host)
                }
            }
        }
    }

    private func shareZone(_ zone: ZoneID, host: any ScreenHost) {
        let loader = loader
        host.change("Sharing zone \(zone.zoneName)", { try await loader.shareZone(zone) }) { [weak self, weak host] share in
            guard let self, let host else { return }
            host.report(StatusMessage("Shared zone \(zone.zoneName) with nobody yet: a invites a user, P lets anyone with the link in", kind: .success))
            reload(selecting: share, in: zone, host: host)
        }
    }

    /// Shares the record named `recordName` of the session's zone, or selects its share when it has one.
    func share(recordNamed recordName: String, host: any ScreenHost) {
        guard session.database == .private, let zone = session.zone, !zone.isDefaultZone else {
            host.report(StatusMessage("Records are shared from a custom zone of their owner's private database", kind: .warning))
            return
        }
        let inZone = (shares.value?.shares ?? []).filter { $0.zoneID.zoneName == zone.zoneName }
        if let existing = inZone.first(where: { $0.rootRecordName == recordName }) {
            list.select { $0 == existing }
            host.report(StatusMessage("\(recordName) is shared already: here is its share", kind: .warning))
            return
        }
        if let zoneWide = inZone.first(where: \.isZoneWide) {
            list.select { $0 == zoneWide }
            host.report(StatusMessage("The whole zone \(zone.zoneName) is shared, \(recordName) with it: here is its share", kind: .warning))
            return
        }
        let loader = loader
        host.change("Sharing record \(recordName)", { try await loader.shareRecord(named: recordName, in: zone) }) { [weak self, weak host] share in
            guard let self, let host else { return }
            host.report(StatusMessage("Shared \(recordName) and the records below it with nobody yet: a invites a user", kind: .success))
            reload(selecting: share, in: zone, host: host)
        }
    }

    /// Asks which user of the container to invite to `share` (their email address or record name where the
    /// server cannot list users), then with what permission.
    func askInvitee(to share: ListedShare, host: any ScreenHost) {
        let loader = loader
        let taken = Set((share.share.participants ?? []).compactMap(\.userRecordName))
        guard loader.listsUsers else {
            askInviteeByAddress(to: share, host: host)
            return
        }
        host.work.start({ try await loader.users() }) { [weak self, weak host] result in
            guard let self, let host else { return }
            guard case .success(let users) = result else {
                askInviteeByAddress(to: share, host: host)
                return
            }
            let candidates = users.filter { !taken.contains($0.userRecordName) }
            guard !candidates.isEmpty else {
                host.report(StatusMessage("Everyone in the container is in this share already", kind: .warning))
                return
            }
            let items = candidates.map { ListItem($0.name, detail: $0.emailAddress ?? $0.userRecordName) }
            question = SchemaQuestion(Picker(title: "Invite to the share of \(share.subject)", choices: candidates, items: items)) { [weak self, weak host] user in
                guard let self, let host else { return }
                let invitee = ShareParticipant(userIdentity: UserIdentity(userRecordName: user.userRecordName, lookupInfo: .init(userRecordName: user.userRecordName)))
                askPermission(for: invitee, named: user.name, in: share, host: host)
            }
        }
    }

    private func askInviteeByAddress(to share: ListedShare, host: any ScreenHost) {
        let prompt = Prompt(title: "Invite", message: "Email address or user record name of the user to invite to the share of \(share.subject):")
        question = SchemaQuestion(prompt) { [weak self, weak host] text in
            guard let self, let host else { return }
            let text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return }
            let lookup = text.contains("@") ? UserIdentity.LookupInfo(emailAddress: text) : UserIdentity.LookupInfo(userRecordName: text)
            askPermission(for: ShareParticipant(userIdentity: UserIdentity(lookupInfo: lookup)), named: text, in: share, host: host)
        }
    }

    private func askPermission(for invitee: ShareParticipant, named name: String, in share: ListedShare, host: any ScreenHost) {
        question = SchemaQuestion(Self.permissionPicker("\(name) may")) { [weak self, weak host] permission in
            guard let self, let host else { return }
            var invitee = invitee
            invitee.permission = permission
            save(share, invited: share.invited + [invitee], publicPermission: share.publicPermission,
                 saying: "Invited \(name) (\(ShareRows.label(permission, none: "none"))) to the share of \(share.subject)", host: host)
        }
    }

    /// Asks which participant to remove from `share`, then whether to.
    func askParticipantToRemove(from share: ListedShare, host: any ScreenHost) {
        askParticipant(of: share, title: "Remove from the share of \(share.subject)", host: host) { [weak self, weak host] participant, name in
            guard let self, let host else { return }
            let confirmation = Confirmation(
                title: "Remove \(name) from the share?",
                message: "\(name) loses access to \(share.subject) at once; the records stay in the owner's zone.", confirmTitle: "Remove")
            host.confirm(confirmation) { [weak self, weak host] in
                guard let self, let host else { return }
                let kept = share.invited.filter { $0.userIdentity != participant.userIdentity }
                save(share, invited: kept, publicPermission: share.publicPermission, saying: "Removed \(name) from the share of \(share.subject)", host: host)
            }
        }
    }

    /// Asks which participant of `share` gets which permission.
    func askParticipantPermission(in share: ListedShare, host: any ScreenHost) {
        askParticipant(of: share, title: "Change the permission of", host: host) { [weak self, weak host] participant, name in
            guard let self, let host else { return }
            question = SchemaQuestion(Self.permissionPicker("\(name) may", current: participant.permission)) { [weak self, weak host] permission in
                guard let self, let host else { return }
                let changed = share.invited.map { invited in
                    var invited = invited
                    if invited.userIdentity == participant.userIdentity { invited.permission = permission }
                    return invited
                }
                save(share, invited: changed, publicPermission: share.publicPermission,
                     saying: "\(name) may now \(permission == .readWrite ? "read and write" : "only read") \(share.subject)", host: host)
            }
        }
    }

    /// Asks what anyone signed in who has `share`'s short GUID may do; taking it away from people who joined
    /// that way asks first.
    func askPublicPermission(of share: ListedShare, host: any ScreenHost) {
        let choices: [SharePermission] = [.none, .readOnly, .readWrite]
        let picker = Picker(
            title: "Anyone with the link may", choices: choices, items: choices.map { ListItem(ShareRows.label($0, none: "nothing (invited users only)")) },
            selected: choices.firstIndex(of: share.publicPermission) ?? 0)
        question = SchemaQuestion(picker) { [weak self, weak host] permission in
            guard let self, let host else { return }
            let saying = "Anyone with the link may now \(ShareRows.label(permission, none: "do nothing")) in \(share.subject)"
            let joined = share.participants.filter { $0.type == .publicUser }
            guard permission == .none, !joined.isEmpty else {
                save(share, invited: share.invited, publicPermission: permission, saying: saying, host: host)
                return
            }
            let confirmation = Confirmation(
                title: "Close the link of the share?",
                message: "\(joined.count) user\(joined.count == 1 ? "" : "s") who joined through the link lose access to \(share.subject) at once.",
                confirmTitle: "Close")
            host.confirm(confirmation) { [weak self, weak host] in
                guard let self, let host else { return }
                save(share, invited: share.invited, publicPermission: permission, saying: saying, host: host)
            }
        }
    }

    /// Asks before ending `share`, naming who loses what.
    func confirmStopSharing(_ share: ListedShare, host: any ScreenHost) {
        let people = share.participants.map { ShareRows.name($0.userRecordName, names) }
        let losing = people.isEmpty ? "Nobody has joined it." : "\(people.joined(separator: ", ")) lose\(people.count == 1 ? "s" : "") access at once."
        let confirmation = Confirmation(
            title: "Stop sharing \(share.subject)?", message: "\(losing) The records stay in the owner's zone.", confirmTitle: "Stop sharing")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let loader = loader
            host.change("Ending the share of \(share.subject)", { try await loader.stopSharing(share) }) { [weak self, weak host] _ in
                guard let self, let host else { return }
                host.report(StatusMessage("Stopped sharing \(share.subject)", kind: .success))
                load(host)
            }
        }
    }

    private func askParticipant(
        of share: ListedShare, title: String, host: any ScreenHost, then chosen: @escaping (ShareParticipant, String) -> Void
    ) {
        let invited = share.invited
        guard !invited.isEmpty else {
            let joined = share.participants.isEmpty ? "" : ": those who joined through the link follow its access (P)"
            host.report(StatusMessage("Nobody is invited to this share\(joined)", kind: .warning))
            return
        }
        let names = invited.map { ShareRows.name($0.userRecordName, self.names) }
        let items = zip(invited, names).map { participant, name in ListItem(name, detail: ShareRows.label(participant.permission ?? .unknown, none: "none")) }
        question = SchemaQuestion(Picker(title: title, choices: Array(zip(invited, names)), items: items)) { chosen($0.0, $0.1) }
    }

    private static func permissionPicker(_ title: String, current: SharePermission? = nil) -> Picker<SharePermission> {
        let choices: [SharePermission] = [.readOnly, .readWrite]
        return Picker(
            title: title, choices: choices, items: [ListItem("read only"), ListItem("read and write")],
            selected: current.flatMap { choices.firstIndex(of: $0) } ?? 0)
    }

    private func save(_ share: ListedShare, invited: [ShareParticipant], publicPermission: SharePermission, saying: String, host: any ScreenHost) {
        let loader = loader
        host.change("Saving the share of \(share.subject)", { try await loader.save(share, invited: invited, publicPermission: publicPermission) }) {
            [weak self, weak host] saved in
            guard let self, let host else { return }
            host.report(StatusMessage(saying, kind: .success))
            reload(selecting: saved, in: share.zoneID, host: host)
        }
    }

    private func reload(selecting share: Record, in zone: ZoneID, host: any ScreenHost) {
        pendingSelection = share.recordName.map { ($0, zone.zoneName) }
        load(host)
    }
}
