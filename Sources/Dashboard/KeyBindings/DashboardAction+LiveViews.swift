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
