import TerminalKit

/// The actions of the live views: a zone's changes, the notifications and the request log.
extension KeyAction {
    /// Clear the changes or notifications listed so far.
    static let clearList = KeyAction("clear-list")
}

extension KeyAction {
    /// Pause following the request log, or follow it again.
    static let toggleFollow = KeyAction("toggle-follow")
}

extension KeyAction {
    /// Filter the request log on the server.
    static let filterLogs = KeyAction("filter-logs")
    /// Show the whole request log (`0`), or start it from the last 1m, 5m, 15m, 30m, 1h or 24h (`1`–`6`).
    static let logsWindows = [KeyAction("logs-whole")] + LogsCriteria.windows.map { KeyAction("logs-last-\($0.name)") }
}

extension KeyAction {
    /// Open the record a logged request saved, deleted or looked up.
    static let openLoggedRecord = KeyAction("open-logged-record")
    /// Watch the zone of a logged request change.
    static let openLoggedZone = KeyAction("open-logged-zone")
    /// Act as the user who made a logged request.
    static let actAsLoggedUser = KeyAction("act-as-logged-user")
}
