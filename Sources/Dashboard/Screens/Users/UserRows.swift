import CKModel
import TerminalKit

/// The users of a container as their screen shows them: name, email address, custom roles, discoverability.
enum UserRows {
    /// The table's columns.
    static let columns = [
        TableColumn("USER", width: .flexible(minimum: 10)),
        TableColumn("EMAIL", width: .flexible(minimum: 14)),
        TableColumn("ROLES", width: .flexible(minimum: 10)),
        TableColumn("DISCOVERABLE", width: .fixed(12)),
        TableColumn("RECORD NAME", width: .flexible(minimum: 12)),
    ]

    /// One row per user.
    static func rows(_ users: [ManagementUsers.User]) -> TableRows {
        TableRows(users.map { user in
            [
                TableCell(user.name), TableCell(user.emailAddress ?? "—", role: user.emailAddress == nil ? .muted : nil),
                TableCell(user.roles.isEmpty ? "no custom role" : user.roles.joined(separator: ", "), role: user.roles.isEmpty ? .muted : nil),
                TableCell(user.discoverable ? "yes" : "no", role: .muted), TableCell(user.userRecordName, role: .muted),
            ]
        })
    }
}
