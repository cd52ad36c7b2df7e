/// One lexical element of a `.ckdb` file.
struct Token: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A bare word: a keyword or an identifier.
        case word(String)
        /// A double-quoted identifier, quotes removed; never a keyword.
        case quoted(String)
        /// One of `( ) , ; < >`.
        case symbol(Character)
        /// The end of the input.
        case end
    }

    var kind: Kind
    var location: SourceLocation

    /// Whether this is the bare keyword `keyword`, in any case.
    func isKeyword(_ keyword: String) -> Bool {
        guard case .word(let word) = kind, word.utf8.count == keyword.utf8.count else { return false }
        return zip(word.utf8, keyword.utf8).allSatisfy { letter, upper in
            letter == upper || (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") && letter - 32 == upper)
        }
    }

    /// How an error message shows the token.
    var display: String {
        switch kind {
        case .word(let word): "\"\(word)\""
        case .quoted(let name): "quoted identifier \"\(name)\""
        case .symbol(let symbol): "\"\(symbol)\""
        case .end: "the end of the file"
        }
    }
}
