import Foundation

/// Splits text into search tokens the way CloudKit's tokenized search does: case- and diacritic-insensitive,
/// split at anything but letters and digits, without stop words.
enum TextTokens {
    /// Words tokenized search ignores.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
        "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
    ]

    /// The tokens of `text`.
    static func tokens(_ text: String) -> [String] {
        RecordIndexing.fold(text)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
            .filter { !stopWords.contains($0) }
    }
}
