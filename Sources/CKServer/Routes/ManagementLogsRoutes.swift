import CKModel
import Hummingbird

/// `GET /management/1/logs`: the request log, newest first a page at a time, or followed live with `after` and
/// `wait`; narrowed as `ManagementLogs.Filter` says. A token for one container sees that container's entries only.
struct ManagementLogsRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.managementRead("management/1/logs", services: services) { request, _, caller in
            let query = request.uri.queryParameters
            let filter = try Self.filter(query, caller: caller)
            let limit = try ManagementParameters.limit(query.get("limit"), standard: ManagementLogs.defaultLimit, maximum: ManagementLogs.maximumLimit)
            let log = RequestLogService(storage: services.storage, writer: services.requestLog)
            if let text = query.get("after") {
                guard let after = Int64(text), after >= 0 else {
                    throw ServerError(.badRequest, reason: "after must be a sequence number, such as the lastSequence of an answer")
                }
                let wait = try query.get("wait").map { text in
                    guard let seconds = Int(text), (0...ManagementLogs.maximumWait).contains(seconds) else {
                        throw ServerError(.badRequest, reason: "wait must be a whole number of seconds from 0 to \(ManagementLogs.maximumWait)")
                    }
                    return seconds
                } ?? 0
                return try JSONResponse.make(try await log.follow(filter, after: after, limit: limit, wait: .seconds(wait)))
            }
            let before = try ManagementParameters.sequence(marker: query.get("continuationMarker"))
            return try JSONResponse.make(try await log.page(filter, before: before, limit: limit))
        }
    }

    /// The filter the query parameters name, within the containers `caller` reaches.
    static func filter(_ query: Parameters, caller: ManagementCaller) throws -> ManagementLogs.Filter {
        var filter = ManagementLogs.Filter(
            container: try ManagementParameters.container(query.get("container"), caller: caller), operation: query.get("operation"),
            errorCode: query.get("error"), userID: query.get("user"), platform: query.get("platform"))
        filter.environment = try query.get("environment").map { text in
            guard let environment = ContainerEnvironment(rawValue: text) else {
                throw ServerError(.badRequest, reason: "the environment must be development or production")
            }
            return environment
        }
        filter.database = try query.get("database").map { text in
            guard let database = DatabaseScope(rawValue: text) else {
                throw ServerError(.badRequest, reason: "the database must be public, private or shared")
            }
            return database
        }
        filter.caller = try query.get("caller").map { text in
            guard let caller = CallerKind(rawValue: text) else {
                throw ServerError(
                    .badRequest, reason: "caller must be one of \(CallerKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return caller
        }
        filter.since = try ManagementParameters.milliseconds(query.get("since"), named: "since")
        filter.until = try ManagementParameters.milliseconds(query.get("until"), named: "until")
        return filter
    }
}
