import TerminalKit

/// The keys every screen shares, after its own: help, the command palette, the filter, back, reload and quit,
/// then TerminalKit's navigation keys. The hint bar and the help overlay read them with the screen's.
enum AppBindings {
    /// The shared keys.
    static let table = KeyBindingTable([
        KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show every key of this screen", group: group),
        KeyBinding(.commandPalette, keys: [.character(":")], label: "Command", help: "Jump to a screen or run a command (Tab completes)", group: group),
        KeyBinding(.filter, keys: [.character("/")], label: "Filter", help: "Filter what this screen lists", group: group),
        KeyBinding(.back, keys: [.escape], label: "Back", help: "Cancel a load, clear the filter, or go back one screen", group: group),
        KeyBinding(.reload, keys: [.character("r"), .control("r")], label: "Reload", help: "Fetch this screen's data again (retry after an error)", group: group, isShownInHints: false),
        KeyBinding(.quit, keys: [.character("q"), .control("c")], label: "Quit", help: "Leave ckdash", group: group),
    ]).appending(.navigation)

    private static let group = "Everywhere"
}
