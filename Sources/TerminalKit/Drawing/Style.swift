/// How a cell looks: its colours and text attributes.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The background colour.
    public var background: TerminalColor
    /// Bold, reverse and the other attributes.
    public var attributes: TextAttributes

    /// Creates a style; by default the terminal's own colours, no attributes.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's own colours without attributes.
    public static let plain = Style()

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style {
        var style = self
        style.attributes.formUnion(attributes)
        return style
    }
}

/// Text attributes every terminal knows, the last resort for showing emphasis without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates attributes from their bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Italic text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 4)
}
