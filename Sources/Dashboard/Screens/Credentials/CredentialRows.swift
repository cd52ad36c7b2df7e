import CKModel
import Foundation
import TerminalKit

/// Tokens and keys as their screen shows them: a table per tab (never a secret, which the server does not keep),
/// and one credential in full for Enter.
enum CredentialRows {
    /// The columns of `tab`'s table.
    static func columns(for tab: CredentialsTab) -> [TableColumn] {
        let created = TableColumn("CREATED", width: .fixed(19))
        let id = TableColumn("ID", width: .fixed(16))
        return switch tab {
        case .apiTokens:
            [TableColumn("NAME", width: .flexible(minimum: 12)), created, id]
        case .serverKeys:
            [TableColumn("KEY ID", width: .flexible(minimum: 20)), created]
        case .managementTokens:
            [
                TableColumn("NAME", width: .flexible(minimum: 12, weight: 2)), TableColumn("REACHES", width: .flexible(minimum: 12)),
                TableColumn("MAY", width: .fixed(11)), created, id,
            ]
        }
    }

    /// What the management tokens' table says under it when it lists the dashboard's own token.
    static let currentTokenLegend = "* the token this dashboard uses: revoking it cuts ckdash off from the server"

    /// One row per credential of `listing` in `credentials`.
    static func rows(_ credentials: [Credential], listing: CredentialListing, display: FieldValueDisplay) -> TableRows {
        TableRows(credentials.map { credential in
            let created = TableCell(display.date(Timestamp(millisecondsSince1970: credential.createdTimestamp).date), role: .muted)
            switch credential {
            case .apiToken(let token):
                return [TableCell(token.name), created, TableCell(token.id, role: .muted)]
            case .serverKey(let key):
                return [TableCell(key.keyID), created]
            case .managementToken(let token):
                return [
                    TableCell((listing.isCurrent(credential) ? "* " : "") + token.name), TableCell(scope(of: token)),
                    TableCell(access(of: token), role: token.readOnly ? .muted : nil), created, TableCell(token.id, role: .muted),
                ]
            }
        })
    }

    /// `credential` in full, for its details: every attribute, and a server key's PEM.
    static func details(of credential: Credential, listing: CredentialListing, display: FieldValueDisplay) -> [String] {
        let created = "Created    \(display.date(Timestamp(millisecondsSince1970: credential.createdTimestamp).date)) (\(display.timeZone.identifier))"
        switch credential {
        case .apiToken(let token):
            return ["Name       \(token.name)", "ID         \(token.id)", "Reaches    \(scope(of: token))", created, "", "The secret was shown once, when it was made."]
        case .serverKey(let key):
            return ["Key ID     \(key.keyID)", created, ""] + key.publicKey.split(separator: "\n").map(String.init)
        case .managementToken(let token):
            return [
                "Name       \(token.name)", "ID         \(token.id)", "Reaches    \(scope(of: token))", "May        \(access(of: token))", created, "",
                listing.isCurrent(credential) ? "This is the token this dashboard uses." : "The secret was shown once, when it was made.",
            ]
        }
    }

    private static func scope(of token: ManagementCredentials.Token) -> String {
        token.containerID?.rawValue ?? "every container"
    }

    private static func access(of token: ManagementCredentials.Token) -> String {
        token.readOnly ? "read only" : "read, write"
    }
}
