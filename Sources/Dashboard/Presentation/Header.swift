import CKModel
import TerminalKit

/// The top line: the breadcrumb container ▸ environment ▸ database ▸ zone ▸ record type, the environment in its
/// own colour, and on the right the badges that must never be missed: unread developer notifications (`:notifications`
/// reads them), PRODUCTION with its lock, and read-only.
struct Header {
    var session: Session
    var isReadOnly: Bool
    /// Whether changes to production are allowed this session (shown as UNLOCKED on the badge).
    var isProductionUnlocked = false
    /// How many developer notifications are unread; no badge when none.
    var unreadNotifications = 0

    /// Draws the header on the first row of `rect`.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        canvas.fill(line, style: theme.style(.text))
        var badges: [(String, ThemeRole)] = []
        if unreadNotifications > 0 { badges.append((" ✉ \(unreadNotifications) ", .warning)) }
        if session.environment == .production {
            badges.append((isProductionUnlocked && !isReadOnly ? " ▲ PRODUCTION UNLOCKED " : " ▲ PRODUCTION ", .productionBadge))
        }
        if isReadOnly { badges.append((" [RO] ", .readOnlyBadge)) }
        let badgeWidth = badges.reduce(0) { $0 + DisplayWidth.of($1.0) + 1 }
        let (left, right) = line.splitRight(min(line.width, badgeWidth))
        var column = right.x
        for (text, role) in badges {
            column += canvas.write(text, column: column, row: line.y, style: theme.style(role)) + 1
        }
        var x = left.x + 1
        let limit = left.maxX - 1
        for (index, crumb) in crumbs(fitting: limit - x).enumerated() {
            guard x < limit else { break }
            if index > 0 { x += canvas.write(" ▸ ", column: x, row: line.y, style: theme.style(.muted), limit: limit - x) }
            x += canvas.write(crumb.text, column: x, row: line.y, style: theme.style(crumb.role), limit: limit - x)
        }
    }

    /// The crumbs that fit in `width` columns: all of them, else without the app's name, else with the container
    /// shortened to the last part of its identifier.
    func crumbs(fitting width: Int) -> [(text: String, role: ThemeRole)] {
        func needed(_ crumbs: [(text: String, role: ThemeRole)]) -> Int {
            crumbs.reduce(0) { $0 + DisplayWidth.of($1.text) } + 3 * max(0, crumbs.count - 1)
        }
        var shortened = crumbs
        guard needed(shortened) > width else { return shortened }
        shortened.removeFirst()
        if session.container != nil, needed(shortened) > width, let last = shortened[0].text.split(separator: ".").last {
            shortened[0].text = "…" + last
        }
        return shortened
    }

    /// The crumbs and the role each is drawn in.
    var crumbs: [(text: String, role: ThemeRole)] {
        var crumbs: [(String, ThemeRole)] = [("ckdash", .title)]
        let environmentRole: ThemeRole = session.environment == .production ? .environmentProduction : .environmentDevelopment
        guard let container = session.container else {
            return crumbs + [("containers", .breadcrumb), (session.environment.rawValue, environmentRole)]
        }
        crumbs.append((container.rawValue, .breadcrumb))
        crumbs.append((session.environment.rawValue, environmentRole))
        crumbs.append((session.database.rawValue + (session.user.map { " as \($0.name)" } ?? ""), .breadcrumb))
        if let zone = session.zone { crumbs.append((zone.zoneName, .breadcrumb)) }
        if let recordType = session.recordType { crumbs.append((recordType, .breadcrumb)) }
        return crumbs
    }
}
