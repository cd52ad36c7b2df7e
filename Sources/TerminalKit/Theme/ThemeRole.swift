/// A part of the interface a theme gives a style to, named as in the theme files (`selection`, `key-hint`).
///
/// TerminalKit's widgets use the roles declared here; an application adds its own as static members in an
/// extension (the dashboard's environment colours), and tells the theme loader about them.
public struct ThemeRole: Hashable, Sendable, CustomStringConvertible {
    /// The name in theme files.
    public let rawValue: String

    /// A role named `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Everything not otherwise styled: the screen's background and ordinary text.
    public static let text = ThemeRole("text")
    /// Secondary text: hints, units, empty states.
    public static let muted = ThemeRole("muted")
    /// Frames and separators.
    public static let border = ThemeRole("border")
    /// Titles of panes and dialogs.
    public static let title = ThemeRole("title")
    /// A table's column headings.
    public static let columnHeader = ThemeRole("column-header")
    /// The selected row or item of the focused widget.
    public static let selection = ThemeRole("selection")
    /// The selected row of a widget without focus.
    public static let selectionInactive = ThemeRole("selection-inactive")
    /// The status line at the bottom.
    public static let statusBar = ThemeRole("status-bar")
    /// The hint bar's descriptions.
    public static let keyHint = ThemeRole("key-hint")
    /// The keys in the hint bar and the help overlay.
    public static let key = ThemeRole("key")
    /// Text fields and the command line.
    public static let input = ThemeRole("input")
    /// Dialogs, the help overlay and the command palette.
    public static let dialog = ThemeRole("dialog")
    /// Errors.
    public static let error = ThemeRole("error")
    /// Warnings.
    public static let warning = ThemeRole("warning")
    /// Success.
    public static let success = ThemeRole("success")

    /// The roles TerminalKit's widgets use.
    public static let widgetRoles: [ThemeRole] = [
        .text, .muted, .border, .title, .columnHeader, .selection, .selectionInactive, .statusBar, .keyHint, .key, .input, .dialog,
        .error, .warning, .success,
    ]

    /// The attributes of TerminalKit's roles on a terminal without colour when a theme does not say: selection
    /// and the status bar reversed, titles and keys bold, errors bold and reversed.
    public static let widgetMonochromeAttributes: [ThemeRole: TextAttributes] = Theme.monochrome.styles.mapValues(\.attributes)
}
