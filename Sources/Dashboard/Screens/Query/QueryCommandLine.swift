import CKModel
import CKSchema
import Foundation

/// The `ckdash records query` command that prints what a query finds, on one line, quoted for a POSIX shell:
/// the builder shows it and copies it, and running it gives the records the builder's Run shows.
enum QueryCommandLine {
    /// The command running `paging` in `session`'s container, environment, database, zone and user; `--all`
    /// without a limit, since the command prints one page unless told otherwise.
    static func command(for paging: QueryPaging, session: Session) -> String {
        var words = ["ckdash", "records", "query"]
        if let container = session.container { words += ["--container", container.rawValue] }
        words += ["--environment", session.environment.rawValue, "--database", session.database.rawValue]
        if let user = session.user { words += ["--as-user", user.userRecordName] }
        if let zone = paging.zone { words += ["--zone", zone.zoneName] }
        words += ["--type", paging.query.recordType]
        for filter in paging.query.filterBy ?? [] {
            words += ["--filter", FilterExpression.format(filter)]
        }
        for sort in paging.query.sortBy ?? [] {
            words += ["--sort", sort.field.wireName + (sort.ascending ? "" : ":desc")]
        }
        if let desiredKeys = paging.desiredKeys { words += ["--fields", desiredKeys.joined(separator: ",")] }
        if let limit = paging.resultsLimit {
            words += ["--limit", String(limit)]
        } else {
            words.append("--all")
        }
        return words.map(shellWord).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as it is when it holds only characters no shell treats specially,
    /// else in single quotes (a quote inside written `'\''`).
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy(safeCharacters.contains)
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The characters no POSIX shell treats specially.
    private static let safeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-")
}
