import TerminalKit

/// The actions of the zones screen and of a zone's live changes.
extension KeyAction {
    /// Create a custom zone in the database.
    static let createZone = KeyAction("create-zone")
    /// Delete the selected custom zone with its records.
    static let deleteZone = KeyAction("delete-zone")
    /// Watch the records of the selected zone change, live.
    static let showZoneChanges = KeyAction("show-zone-changes")
}
