/// Reads an XML document into `XMLElement`s: elements, attributes, text, the five named entities and character
/// references, CDATA; the declaration, processing instructions, comments and a DOCTYPE are skipped. It is what a
/// Core Data model file and a property list need, not a validating parser: no DTDs, no namespaces. Nesting deeper
/// than `maximumDepth` is refused, so a hostile file cannot exhaust the stack.
struct XMLReader {
    /// The deepest nesting read.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    /// A reader of `text`.
    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The document's root element.
    static func root(of text: String) throws(XMLSyntaxError) -> XMLElement {
        var reader = XMLReader(text)
        return try reader.document()
    }

    private mutating func document() throws(XMLSyntaxError) -> XMLElement {
        try skipMisc()
        guard position < bytes.count else { throw fail("expected an element, found the end of the file") }
        guard bytes[position] == UInt8(ascii: "<") else { throw fail("expected '<' to start the root element") }
        let root = try element(depth: 0)
        try skipMisc()
        guard position == bytes.count else { throw fail("expected the end of the file after the root element </\(root.name)>") }
        return root
    }

    /// Skips white space, the declaration, processing instructions, comments and a DOCTYPE.
    private mutating func skipMisc() throws(XMLSyntaxError) {
        while true {
            skipSpace()
            if starts(with: "<?") {
                try skip(past: "?>", what: "'?>' to end the processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "'-->' to end the comment")
            } else if starts(with: "<!DOCTYPE") {
                try skip(past: ">", what: "'>' to end the DOCTYPE")
            } else {
                return
            }
        }
    }

    private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElement {
        guard depth < Self.maximumDepth else { throw fail("elements nested deeper than \(Self.maximumDepth)") }
        let startLine = line
        position += 1
        let name = try self.name(what: "an element name after '<'")
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw fail("expected '>' to end the tag <\(name)>, found the end of the file") }
            if starts(with: "/>") {
                position += 2
                return XMLElement(name: name, attributes: attributes, children: [], text: "", line: startLine)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            guard hadSpace else { throw fail("expected a space, '>' or '/>' in the tag <\(name)>") }
            let attribute = try self.name(what: "an attribute name, '>' or '/>' in the tag <\(name)>")
            skipSpace()
            guard consume("=") else { throw fail("expected '=' after the attribute \(attribute) of <\(name)>") }
            skipSpace()
            guard attributes[attribute] == nil else { throw fail("the attribute \(attribute) appears twice in <\(name)>") }
            attributes[attribute] = try quoted(what: "the value of \(attribute)")
        }
        var children: [XMLElement] = []
        var text = ""
        while true {
            guard position < bytes.count else { throw fail("expected </\(name)> to close the element opened on line \(startLine), found the end of the file") }
            if starts(with: "</") {
                position += 2
                let closing = try self.name(what: "the element name after '</'")
                guard closing == name else { throw fail("expected </\(name)> to close the element opened on line \(startLine), found </\(closing)>") }
                skipSpace()
                guard consume(">") else { throw fail("expected '>' to end </\(name)>") }
                return XMLElement(name: name, attributes: attributes, children: children, text: text, line: startLine)
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "'-->' to end the comment")
            } else if starts(with: "<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>", what: "']]>' to end the CDATA section")
                text += String(decoding: bytes[start..<(position - 3)], as: UTF8.self)
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "'?>' to end the processing instruction")
            } else if bytes[position] == UInt8(ascii: "<") {
                children.append(try element(depth: depth + 1))
            } else {
                text += try characters(upTo: UInt8(ascii: "<"))
            }
        }
    }

    /// A name: letters, digits and `_ - . :`, not starting with a digit, `-` or `.`.
    private mutating func name(what: String) throws(XMLSyntaxError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else { throw fail("expected \(what)") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...: true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    /// A value in `"` or `'`, entities resolved.
    private mutating func quoted(what: String) throws(XMLSyntaxError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw fail("expected a quoted value for \(what)")
        }
        let quote = bytes[position]
        position += 1
        let value = try characters(upTo: quote)
        guard consume(quote) else { throw fail("expected a closing quote for \(what), found the end of the file") }
        return value
    }

    /// The characters before the next `end` (or the end of the file), entities resolved; `<` is refused inside a
    /// quoted value.
    private mutating func characters(upTo end: UInt8) throws(XMLSyntaxError) -> String {
        var result: [UInt8] = []
        while position < bytes.count, bytes[position] != end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { throw fail("expected '&lt;' instead of '<' in a value") }
            if byte == UInt8(ascii: "&") {
                result += Array(try entity().utf8)
                continue
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            result.append(byte)
            position += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let namedEntities = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    /// `&lt;`, `&#60;` or `&#x3C;` as the character it stands for.
    private mutating func entity() throws(XMLSyntaxError) -> String {
        let start = position + 1
        guard let end = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("expected an entity such as '&amp;' or '&#38;' after '&'")
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        position = end + 1
        if let text = Self.namedEntities[name] { return text }
        let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        guard let number, let scalar = Unicode.Scalar(number) else { throw fail("expected a known entity, found '&\(name);'") }
        return String(Character(scalar))
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        return position > start
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in (0..<count).allSatisfy { bytes[position + $0] == prefix[$0] } }
    }

    private mutating func consume(_ character: Character) -> Bool {
        consume(character.asciiValue ?? 0)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Moves past the next `end`, counting lines; fails with `what` expected when there is none.
    private mutating func skip(past end: StaticString, what: String) throws(XMLSyntaxError) {
        while position < bytes.count {
            if starts(with: end) {
                position += end.utf8CodeUnitCount
                return
            }
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        throw fail("expected \(what), found the end of the file")
    }

    private func fail(_ message: String) -> XMLSyntaxError {
        XMLSyntaxError(line: line, message: message)
    }
}
