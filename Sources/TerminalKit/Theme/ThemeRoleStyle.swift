/// What a theme file says about one role, before it is resolved for a terminal: its colours as written, the
/// attributes that go with them, and the attributes to use on a terminal without colour.
public struct ThemeRoleStyle: Hashable, Sendable {
    /// The text colour as written in the file.
    public var foreground: TerminalColor
    /// The background colour as written in the file.
    public var background: TerminalColor
    /// Attributes drawn together with the colours.
    public var attributes: TextAttributes
    /// Attributes drawn instead of colours when the terminal has none (the last fallback).
    public var monochromeAttributes: TextAttributes

    /// A role's style; by default the terminal's own colours without attributes.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = [],
        monochromeAttributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.monochromeAttributes = monochromeAttributes
    }
}
