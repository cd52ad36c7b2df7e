/// What a key binding does, named by a stable string (`move-down`, `records.delete`) that user key maps and
/// tests refer to instead of raw keys.
///
/// TerminalKit declares the actions of its own widgets here; an application adds its own as static members in an
/// extension, as with `ThemeRole`.
public struct KeyAction: Hashable, Sendable, CustomStringConvertible {
    /// The stable name.
    public let rawValue: String

    /// An action named `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The stable name, as key maps write it.
    public var description: String { rawValue }

    /// Moves the selection (or the view) one row down.
    public static let moveDown = KeyAction("move-down")
    /// Moves the selection (or the view) one row up.
    public static let moveUp = KeyAction("move-up")
    /// Moves one page down.
    public static let pageDown = KeyAction("page-down")
    /// Moves one page up.
    public static let pageUp = KeyAction("page-up")
    /// Moves half a page down.
    public static let halfPageDown = KeyAction("half-page-down")
    /// Moves half a page up.
    public static let halfPageUp = KeyAction("half-page-up")
    /// Goes to the first row.
    public static let top = KeyAction("top")
    /// Goes to the last row.
    public static let bottom = KeyAction("bottom")
    /// Scrolls the columns (or the text) left.
    public static let scrollLeft = KeyAction("scroll-left")
    /// Scrolls the columns (or the text) right.
    public static let scrollRight = KeyAction("scroll-right")
}
