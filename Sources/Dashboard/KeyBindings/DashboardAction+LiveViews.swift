import TerminalKit

/// The actions of the live views: a zone's changes and the notifications.
extension KeyAction {
    /// Clear the changes or notifications listed so far.
    static let clearList = KeyAction("clear-list")
}
