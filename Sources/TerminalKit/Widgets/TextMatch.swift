/// Case-insensitive matching of typed text against lines and candidates, without Foundation: what the text
/// view's search and the command palette's suggestions use.
public enum TextMatch {
    /// The character ranges where `term` appears in `text`, ignoring case, not overlapping.
    public static func ranges(of term: String, in text: String) -> [Range<Int>] {
        let needle = folded(term)
        let haystack = folded(text)
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if Array(haystack[start..<(start + needle.count)]) == needle {
                ranges.append(start..<(start + needle.count))
                start += needle.count
            } else {
                start += 1
            }
        }
        return ranges
    }

    /// How well `query` matches `candidate`, ignoring case, higher being better; `nil` when it does not:
    /// a prefix beats a substring, which beats the query's characters appearing in order (fuzzy).
    public static func score(of query: String, against candidate: String) -> Int? {
        let needle = folded(query)
        let haystack = folded(candidate)
        guard !needle.isEmpty else { return 0 }
        if haystack.starts(with: needle) { return 3_000 - haystack.count }
        if let range = ranges(of: query, in: candidate).first { return 2_000 - range.lowerBound }
        var index = 0
        var gaps = 0
        for character in haystack where index < needle.count {
            if character == needle[index] { index += 1 } else if index > 0 { gaps += 1 }
        }
        return index == needle.count ? 1_000 - gaps : nil
    }

    /// Each character lower-cased on its own, so offsets stay those of the original text.
    private static func folded(_ text: String) -> [String] {
        text.map { $0.lowercased() }
    }
}
