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
            var filter = ManagementAudit.Filter(container: caller.container, action: query.get("action"), tokenName: query.get("token"))
            if let text = query.get("container") {
                guard let id = ContainerID(rawValue: text) else {
                    throw ServerError(.badRequest, reason: "'\(text)' is not a container identifier")
                }
                try caller.requireReach(id)
                filter.container = id
            }
            filter.since = try Self.milliseconds(query.get("since"), named: "since")
            filter.until = try Self.milliseconds(query.get("until"), named: "until")
            let limit = try query.get("limit").map { text in
                guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
                    throw ServerError(.badRequest, reason: "limit must be a whole number from 1 to \(Self.maximumLimit)")
                }
                return limit
            } ?? Self.defaultLimit
            let before = try query.get("continuationMarker").map { marker in
                guard let sequence = Int64(marker), sequence > 0 else {
                    throw ServerError(.badRequest, reason: "the continuationMarker is not one this server gave")
                }
                return sequence
            }
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

    /// A time parameter in milliseconds since 1970, or `nil` when absent.
    private static func milliseconds(_ text: String?, named name: String) throws -> Int64? {
        try text.map { text in
            guard let milliseconds = Int64(text), milliseconds >= 0 else {
                throw ServerError(.badRequest, reason: "\(name) must be a time in milliseconds since 1970, such as 1795477272835")
            }
            return milliseconds
        }
    }
}
