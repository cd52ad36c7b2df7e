import CKModel

/// A share as the shares screen lists it: its `cloudkit.share` record (participants, public permission, short
/// GUID) and what it shares, the whole zone or a record and the records below it.
struct ListedShare: Equatable, Sendable {
    /// The share record as the server answered it.
    var share: Record
    /// The zone it shares or shares in, with its owner.
    var zoneID: ZoneID
    /// The shared record's name, for a record share whose metadata could be resolved.
    var rootRecordName: String?
    /// The shared record's type.
    var rootRecordType: String?
    /// The share's link as the server gives it (`webpageURL`), which others join with.
    var link: String?

    /// What others join the share with: its link, else its short GUID.
    var joinedWith: String? { link ?? share.shortGUID }

    /// Whether it shares the whole zone.
    var isZoneWide: Bool { share.recordName == ShareRecord.zoneWideName }
    /// What anyone signed in who has the short GUID may do once they accept.
    var publicPermission: SharePermission { share.publicPermission ?? .none }
    /// The owner's user record name.
    var ownerRecordName: String? { share.owner?.userRecordName ?? zoneID.ownerRecordName }
    /// The participants besides the owner, as the owner invited them or they joined.
    var participants: [ShareParticipant] { (share.participants ?? []).filter { $0.type != .owner } }
    /// The participants the owner invited (those who joined through the public permission come and go with it).
    var invited: [ShareParticipant] { participants.filter { $0.type != .publicUser } }
    /// The name the filter matches and messages use: the zone for a zone-wide share, else the shared record.
    var subject: String {
        isZoneWide ? "zone \(zoneID.zoneName)" : "record \(rootRecordName ?? share.recordName ?? "?")"
    }
}
