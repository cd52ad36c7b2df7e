import TerminalKit

/// The actions of the roles and permissions screen.
extension KeyAction {
    /// Move to the role on the left in the permissions grid.
    static let previousRole = KeyAction("previous-role")
    /// Move to the role on the right in the permissions grid.
    static let nextRole = KeyAction("next-role")
    /// Grant or revoke CREATE for the selected type and role.
    static let toggleCreate = KeyAction("toggle-create")
    /// Grant or revoke READ for the selected type and role.
    static let toggleRead = KeyAction("toggle-read")
    /// Grant or revoke WRITE for the selected type and role.
    static let toggleWrite = KeyAction("toggle-write")
    /// Create a custom security role.
    static let createRole = KeyAction("create-role")
    /// Delete the selected custom security role.
    static let deleteRole = KeyAction("delete-role")
    /// Ask the server what someone may do with the selected type.
    static let checkPermissions = KeyAction("check-permissions")
}
