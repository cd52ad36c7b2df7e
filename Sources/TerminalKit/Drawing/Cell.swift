/// One terminal cell: the character drawn there and its style. The cell right of a wide character holds no
/// text of its own (`isContinuation`), since the wide character covers it.
public struct Cell: Hashable, Sendable {
    /// The character (one grapheme cluster), or "" for the second half of a wide character.
    public var text: String
    /// How it looks.
    public var style: Style

    /// Creates a cell.
    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Whether a wide character to the left covers this cell.
    public var isContinuation: Bool { text.isEmpty }
}
