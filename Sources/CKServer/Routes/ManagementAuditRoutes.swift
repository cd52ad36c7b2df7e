import CKModel
import Hummingbird

/// `GET /management/1/audit`: the changes made through the management API, newest first, a page at a time,
/// narrowed by container, action or kind of change, token and time; a token for one container sees that
/// container's entries only.
struct ManagementAuditRoutes {
    let services: ServerServices

    /// Entries per page unless `limit` says otherwise, and the most one page holds.
    static let defaultLimit = 50
    static let maximumLimit = 200

    func register(on router: Router<ServerRequestContext>) {
        router.managementRead("management/1/audit", services: services) { request, _, caller in
            let query = request.uri.queryParameters
            var filter = ManagementAudit.Filter(
                container: try ManagementParameters.container(query.get("container"), caller: caller), action: query.get("action"),
                tokenName: query.get("token"))
            filter.since = try ManagementParameters.milliseconds(query.get("since"), named: "since")
            filter.until = try ManagementParameters.milliseconds(query.get("until"), named: "until")
            let limit = try ManagementParameters.limit(query.get("limit"), standard: Self.defaultLimit, maximum: Self.maximumLimit)
            let before = try ManagementParameters.sequence(marker: query.get("continuationMarker"))
            // One more than the page, to know whether another page follows.
            let found = try await services.storage.auditEntries(matching: filter, before: before, limit: limit + 1)
            let page = found.prefix(limit)
            let entries = page.map { sequence, entry in
                ManagementAudit.Entry(
                    sequence: sequence, timestamp: Timestamp(entry.date).millisecondsSince1970, tokenName: entry.tokenName, action: entry.action,
                    containerID: entry.container, target: entry.target, changes: entry.changes)
            }
            let marker = found.count > limit ? page.last.map { String($0.sequence) } : nil
            return try JSONResponse.make(ManagementAudit.Response(entries: entries, continuationMarker: marker))
        }
    }
}
