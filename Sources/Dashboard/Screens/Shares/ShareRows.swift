import CKModel
import TerminalKit

/// The shares of a zone or database as their screen shows them, and the participants of the selected one.
enum ShareRows {
    /// The columns of the shares.
    static let columns = [
        TableColumn("SHARED", width: .flexible(minimum: 18)),
        TableColumn("ZONE", width: .flexible(minimum: 10)),
        TableColumn("OWNER", width: .flexible(minimum: 8)),
        TableColumn("ANYONE WITH THE LINK", width: .fixed(20)),
        TableColumn("PARTICIPANTS", width: .flexible(minimum: 12)),
        TableColumn("LINK", width: .flexible(minimum: 10, weight: 3)),
    ]

    /// The columns of the selected share's participants.
    static let participantColumns = [
        TableColumn("PARTICIPANT", width: .flexible(minimum: 12)),
        TableColumn("PERMISSION", width: .fixed(12)),
        TableColumn("TYPE", width: .fixed(24)),
        TableColumn("STATUS", width: .fixed(9)),
    ]

    /// One row per share; `names` gives users' names by record name.
    static func rows(_ shares: [ListedShare], names: [String: String]) -> TableRows {
        TableRows(shares.map { listed in
            let accepted = listed.participants.filter { $0.acceptanceStatus == .accepted }.count
            let others = listed.participants.count
            return [
                TableCell(listed.isZoneWide ? "the whole zone" : "\(listed.rootRecordName ?? "?")" + (listed.rootRecordType.map { " (\($0))" } ?? "")),
                TableCell(listed.zoneID.zoneName, role: .muted),
                TableCell(name(listed.ownerRecordName, names)),
                TableCell(label(listed.publicPermission, none: "no access"), role: listed.publicPermission == .none ? .muted : nil),
                TableCell(others == 0 ? "nobody yet" : "\(others) · \(accepted) accepted", role: others == 0 ? .muted : nil),
                TableCell(listed.joinedWith ?? "—", role: .muted),
            ]
        })
    }

    /// The owner first, then one row per participant.
    static func participantRows(_ listed: ListedShare, names: [String: String]) -> TableRows {
        TableRows((listed.share.participants ?? []).map { participant in
            [
                TableCell(name(participant.userRecordName, names)),
                TableCell(label(participant.permission ?? .unknown, none: "none")),
                TableCell(kind(participant.type), role: .muted),
                TableCell(participant.acceptanceStatus.map { $0.rawValue.lowercased() } ?? "—", role: participant.acceptanceStatus == .accepted ? nil : .warning),
            ]
        })
    }

    /// A user's name when known, else their record name.
    static func name(_ userRecordName: String?, _ names: [String: String]) -> String {
        guard let userRecordName else { return "—" }
        return names[userRecordName] ?? userRecordName
    }

    /// What a permission allows, in words.
    static func label(_ permission: SharePermission, none: String) -> String {
        switch permission {
        case .none: none
        case .readOnly: "read only"
        case .readWrite: "read & write"
        case .unknown: "unknown"
        }
    }

    private static func kind(_ type: ShareParticipant.ParticipantType?) -> String {
        switch type {
        case .owner: "owner"
        case .administrator: "administrator"
        case .user: "invited"
        case .publicUser: "joined through the link"
        case .unknown, nil: "unknown"
        }
    }
}
