/// Breaks text into lines of a given display width, at spaces where possible: dialog messages and other
/// prose drawn in a box.
public enum TextWrapping {
    /// The lines of `text` wrapped to `width` columns; its own line breaks are kept, and a word longer than a
    /// line is cut.
    public static func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrap(String(paragraph), width: width)
        }
    }

    private static func wrap(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ") {
            var word = String(word)
            let separator = line.isEmpty ? "" : " "
            if DisplayWidth.of(line) + DisplayWidth.of(separator) + DisplayWidth.of(word) <= width {
                line += separator + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            while DisplayWidth.of(word) > width {
                let (head, tail) = cut(word, at: width)
                lines.append(head)
                word = tail
            }
            line = word
        }
        lines.append(line)
        return lines
    }

    private static func cut(_ word: String, at width: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex, used + DisplayWidth.of(word[index]) <= width {
            used += DisplayWidth.of(word[index])
            index = word.index(after: index)
        }
        if index == word.startIndex { index = word.index(after: index) }
        return (String(word[..<index]), String(word[index...]))
    }
}
