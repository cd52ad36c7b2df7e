import TerminalKit

/// The actions of the alerts screen.
extension KeyAction {
    /// Create an alert rule, after a preview of when it would have fired.
    static let createAlertRule = KeyAction("create-alert-rule")
    /// Delete the selected alert rule.
    static let deleteAlertRule = KeyAction("delete-alert-rule")
    /// Show when the selected rule would have fired over the last seven days.
    static let previewAlertRule = KeyAction("preview-alert-rule")
}

/// The actions of the developer notifications.
extension KeyAction {
    /// Mark the selected developer notification read.
    static let markRead = KeyAction("mark-read")
    /// Mark every developer notification read.
    static let markAllRead = KeyAction("mark-all-read")
}
