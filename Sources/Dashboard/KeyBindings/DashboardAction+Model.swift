import TerminalKit

/// The actions of the `:model` screen.
extension KeyAction {
    /// Add what the environment lacks for the selected problem to development.
    static let addToDevelopment = KeyAction("add-to-development")
    /// Check the model against the other environment.
    static let compareEnvironment = KeyAction("compare-environment")
}

extension KeyAction {
    /// Show a record Core Data wrote in the model's words, or its raw fields.
    static let toggleCoreDataView = KeyAction("toggle-core-data-view")
}
