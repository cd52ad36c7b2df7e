extension TextAttributes {
    /// The attribute words a theme file may use; `none` stands for no attribute.
    static let themeFileNames: [String: TextAttributes] = [
        "bold": .bold, "dim": .dim, "reverse": .reverse, "underline": .underline, "italic": .italic, "none": [],
    ]

    /// The words of a theme file's attributes, separated by spaces or commas (`"bold reverse"`).
    static func themeFileWords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
    }

    /// The attribute a theme file writes as `word`, or `nil` when it is none.
    init?(themeFileWord word: String) {
        guard let attributes = Self.themeFileNames[word] else { return nil }
        self = attributes
    }
}
