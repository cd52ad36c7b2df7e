import TerminalKit

/// The actions of the `:model` screen.
extension KeyAction {
    /// Add what the environment lacks for the selected problem to development.
    static let addToDevelopment = KeyAction("add-to-development")
    /// Check the model against the other environment.
    static let compareEnvironment = KeyAction("compare-environment")
}
