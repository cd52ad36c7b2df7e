extension KeyBindingTable {
    /// The keys that move through tables, lists and text: j/k and arrows, g/G, Home/End, PgUp/PgDn,
    /// Ctrl-F/Ctrl-B, Ctrl-D/Ctrl-U and h/l; a view appends them to its own table so its help lists them.
    public static let navigation = KeyBindingTable([
        KeyBinding(.moveDown, keys: [.character("j"), .down], label: "Down", help: "Move down one row", group: group, isShownInHints: false),
        KeyBinding(.moveUp, keys: [.character("k"), .up], label: "Up", help: "Move up one row", group: group, isShownInHints: false),
        KeyBinding(.pageDown, keys: [.pageDown, .control("f")], label: "Page down", help: "Move down one page", group: group, isShownInHints: false),
        KeyBinding(.pageUp, keys: [.pageUp, .control("b")], label: "Page up", help: "Move up one page", group: group, isShownInHints: false),
        KeyBinding(.halfPageDown, keys: [.control("d")], label: "Half down", help: "Move down half a page", group: group, isShownInHints: false),
        KeyBinding(.halfPageUp, keys: [.control("u")], label: "Half up", help: "Move up half a page", group: group, isShownInHints: false),
        KeyBinding(.top, keys: [.character("g"), .home], label: "Top", help: "Go to the first row", group: group, isShownInHints: false),
        KeyBinding(.bottom, keys: [.character("G"), .end], label: "Bottom", help: "Go to the last row", group: group, isShownInHints: false),
        KeyBinding(.scrollLeft, keys: [.character("h"), .left], label: "Left", help: "Scroll left", group: group, isShownInHints: false),
        KeyBinding(.scrollRight, keys: [.character("l"), .right], label: "Right", help: "Scroll right", group: group, isShownInHints: false),
    ])

    private static let group = "Navigation"
}
