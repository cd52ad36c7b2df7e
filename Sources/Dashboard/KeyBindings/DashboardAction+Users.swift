import TerminalKit

/// The actions of the users screen.
extension KeyAction {
    /// Give the selected user a custom role.
    static let assignRole = KeyAction("assign-role")
    /// Take a custom role from the selected user.
    static let removeRole = KeyAction("remove-role")
    /// Let others discover the selected user, or stop them.
    static let toggleDiscoverable = KeyAction("toggle-discoverable")
    /// Browse as the selected user, with their permissions and private database.
    static let actAsUser = KeyAction("act-as-user")
}
