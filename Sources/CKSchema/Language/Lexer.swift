/// Splits `.ckdb` text into tokens, skipping white space and `//`, `--` and `/* */` comments.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// All tokens of the text, ending with `.end`.
    static func tokenize(_ text: String) throws(SchemaSyntaxError) -> [Token] {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end {
                return tokens
            }
        }
    }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    mutating func next() throws(SchemaSyntaxError) -> Token {
        try skipTrivia()
        let start = here
        guard let scalar = peek() else { return Token(kind: .end, location: start) }
        if Self.isWordStart(scalar) {
            var word = ""
            while let next = peek(), Self.isWordPart(next) {
                word.unicodeScalars.append(next)
                advance()
            }
            return Token(kind: .word(word), location: start)
        }
        if scalar == "\"" {
            advance()
            var name = ""
            while let next = peek(), next != "\"" {
                guard next != "\n" else { break }
                name.unicodeScalars.append(next)
                advance()
            }
            guard peek() == "\"" else {
                throw SchemaSyntaxError("a quoted identifier is not closed on its line", at: start)
            }
            advance()
            return Token(kind: .quoted(name), location: start)
        }
        if "(),;<>".unicodeScalars.contains(scalar) {
            advance()
            return Token(kind: .symbol(Character(scalar)), location: start)
        }
        throw SchemaSyntaxError("unexpected character \"\(scalar)\"", at: start)
    }

    private mutating func skipTrivia() throws(SchemaSyntaxError) {
        while let scalar = peek() {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar.properties.isWhitespace {
                advance()
            } else if (scalar == "/" && peek(1) == "/") || (scalar == "-" && peek(1) == "-") {
                while let next = peek(), next != "\n" {
                    advance()
                }
            } else if scalar == "/" && peek(1) == "*" {
                let start = here
                advance()
                advance()
                while !(peek() == "*" && peek(1) == "/") {
                    guard peek() != nil else { throw SchemaSyntaxError("a /* comment is not closed", at: start) }
                    advance()
                }
                advance()
                advance()
            } else {
                return
            }
        }
    }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        isWordStart(scalar) || ("0"..."9").contains(scalar)
    }
}
