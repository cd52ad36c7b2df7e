/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and for emoji shown as
/// pictures, 0 for marks that combine with the character before, 1 for the rest.
public enum DisplayWidth {
    /// The columns one character (a grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        // Most of what a frame holds is printable ASCII: answer it without looking up Unicode properties.
        if let ascii = character.asciiValue { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation {
            return 2
        }
        return width(of: first)
    }

    /// The columns a string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `columns`, ending in `…` when something was cut.
    public static func truncated(_ text: String, toFit columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// `text` cut or padded with spaces to exactly `columns`.
    public static func padded(_ text: String, to columns: Int) -> String {
        let fitted = truncated(text, toFit: columns)
        return fitted + String(repeating: " ", count: max(0, columns - of(fitted)))
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return scalar.value == 0x00AD ? 1 : 0
        case .control: return 0
        default: break
        }
        let value = scalar.value
        for range in wideRanges {
            if value < range.lowerBound { return 1 }
            if value <= range.upperBound { return 2 }
        }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15, in ascending order.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
        0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
