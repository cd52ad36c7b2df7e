extension TerminalColor {
    /// The 16 ANSI colour names a theme file may use, in the order of their numbers.
    static let themeFileNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// The colour a theme file writes as `text`: `#rrggbb`, an xterm-256 index, an ANSI name or `default`;
    /// `nil` when it is none of these.
    init?(themeFileText text: String) {
        let word = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
        if word == "default" {
            self = .default
        } else if let number = Self.themeFileNames.firstIndex(of: word) {
            self = .ansi(UInt8(number))
        } else if word.hasPrefix("#") {
            let digits = word.dropFirst()
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
            self = .rgb(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        } else if let index = Int(word) {
            self.init(themeFileIndex: index)
        } else {
            return nil
        }
    }

    /// xterm's colour `index`, or `nil` outside 0–255.
    init?(themeFileIndex index: Int) {
        guard let value = UInt8(exactly: index) else { return nil }
        self = .indexed(value)
    }
}
