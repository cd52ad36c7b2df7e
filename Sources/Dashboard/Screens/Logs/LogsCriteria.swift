import CKModel
import Foundation

/// The request log's filters as the user set them: a time window (the keys `1`–`6`), and the server's filters of
/// `f` (operation, error, user, caller, platform, environment, database).
struct LogsCriteria: Equatable {
    /// The windows `1`–`6` choose, in seconds, with their names; `0` shows the whole log.
    static let windows: [(name: String, seconds: Int)] = [("1m", 60), ("5m", 300), ("15m", 900), ("30m", 1_800), ("1h", 3_600), ("24h", 86_400)]

    /// The window in force: an index of `windows`, or `nil` for the whole log.
    var window: Int?
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
            since: window.map { Int64((now.timeIntervalSince1970 - Double(Self.windows[$0].seconds)) * 1000) })
    }

    /// The filters in force, for the title: `last 5m, records/modify, error any`; empty when there are none.
    var summary: String {
        var parts: [String] = []
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
