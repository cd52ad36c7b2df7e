import CKModel
import Foundation

/// The request log's filters as the user set them: a time window (the keys `1`–`6`) or a fixed period (a telemetry
/// chart's point), and the server's filters of `f` (operation, error, user, caller, platform, environment, database).
struct LogsCriteria: Equatable {
    /// A fixed stretch of the log, such as the interval of a telemetry chart's point.
    struct Period: Equatable {
        /// Where it starts, in milliseconds since 1970.
        var since: Int64
        /// Where it ends (not included), in milliseconds since 1970.
        var until: Int64
        /// How the title names it: `14:05–14:06`.
        var name: String
    }

    /// The windows `1`–`6` choose, in seconds, with their names; `0` shows the whole log.
    static let windows: [(name: String, seconds: Int)] = [("1m", 60), ("5m", 300), ("15m", 900), ("30m", 1_800), ("1h", 3_600), ("24h", 86_400)]

    /// The window in force: an index of `windows`, or `nil` for the whole log.
    var window: Int?
    /// The fixed period in force, which a window replaces.
    var period: Period?
    var operation = ""
    var errorCode = ""
    var userID = ""
    var caller: CallerKind?
    var platform = ""
    var environment: ContainerEnvironment?
    var database: DatabaseScope?

    /// The server's filter for these criteria, the window counted back from `now`.
    func filter(container: ContainerID?, now: Date = Date()) -> ManagementLogs.Filter {
        let text = { (value: String) in value.isEmpty ? nil : value }
        return ManagementLogs.Filter(
            container: container, environment: environment, database: database, operation: text(operation), errorCode: text(errorCode),
            userID: text(userID), caller: caller, platform: text(platform),
            since: period?.since ?? window.map { Int64((now.timeIntervalSince1970 - Double(Self.windows[$0].seconds)) * 1000) },
            until: period?.until)
    }

    /// The filters in force, for the title: `last 5m, records/modify, error any`; empty when there are none.
    var summary: String {
        var parts: [String] = []
        if let period { parts.append(period.name) }
        if let window { parts.append("last \(Self.windows[window].name)") }
        if !operation.isEmpty { parts.append(operation) }
        if !errorCode.isEmpty { parts.append("error \(errorCode)") }
        if !userID.isEmpty { parts.append("user \(userID)") }
        if let caller { parts.append(caller.rawValue) }
        if !platform.isEmpty { parts.append(platform) }
        if let environment { parts.append(environment.rawValue) }
        if let database { parts.append(database.rawValue) }
        return parts.joined(separator: ", ")
    }
}
