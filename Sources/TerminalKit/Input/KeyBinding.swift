/// One entry of a view's binding table: the keys that trigger an action, and how the hint bar and the help
/// overlay describe it.
///
/// ```swift
/// KeyBinding(.delete, keys: [.character("d")], label: "Delete", help: "Delete the selected record",
///            group: "Records", isMutation: true)
/// ```
public struct KeyBinding: Hashable, Sendable {
    /// What the keys do.
    public var action: KeyAction
    /// The keys, the first being the one the hint bar shows.
    public var keys: [Key]
    /// A word or two for the hint bar: `Delete`.
    public var label: String
    /// A sentence for the help overlay: `Delete the selected record`.
    public var help: String
    /// The heading it is listed under in the help overlay.
    public var group: String
    /// Whether the hint bar shows it (the help overlay always does).
    public var isShownInHints: Bool
    /// Whether it changes data, so that a read-only session drops it.
    public var isMutation: Bool

    /// Creates a binding; `help` defaults to `label`.
    /// - Parameters:
    ///   - action: what the keys do.
    ///   - keys: the keys, the first shown in the hint bar.
    ///   - label: a word or two for the hint bar.
    ///   - help: a sentence for the help overlay.
    ///   - group: the help overlay's heading.
    ///   - isShownInHints: whether the hint bar shows it.
    ///   - isMutation: whether it changes data.
    public init(
        _ action: KeyAction, keys: [Key], label: String, help: String? = nil, group: String = "General",
        isShownInHints: Bool = true, isMutation: Bool = false
    ) {
        self.action = action
        self.keys = keys
        self.label = label
        self.help = help ?? label
        self.group = group
        self.isShownInHints = isShownInHints
        self.isMutation = isMutation
    }

    /// The keys as the help overlay writes them: `j/↓`.
    public var keyNames: String { keys.map(\.name).joined(separator: "/") }

    /// The key the hint bar shows: the first one.
    public var hintKey: String { keys.first?.name ?? "" }
}
