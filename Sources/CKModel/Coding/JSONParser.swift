/// Reads JSON text (RFC 8259, strictly: no trailing commas, comments or stray bytes) from UTF-8 into a
/// `JSONValue`, much faster than `JSONSerialization` or `JSONDecoder`'s own scanner.
public struct JSONParser {
    /// How deeply arrays and objects may nest, as with Foundation.
    public static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document: one value, with only whitespace around it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected bytes after the value") }
        return value
    }

    /// Parses a whole document held in any contiguous bytes (an array, `Data`, a string's UTF-8).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }
        if let result {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) }
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? position, reason: reason)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
            (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else { throw failure("invalid literal") }
        position += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated array") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure(position < bytes.count ? "expected a string key in an object" : "unterminated object")
            }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after an object key")
            }
            position += 1
            object.append(key, try value())
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated object") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(object)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    /// Reads a string starting at its opening quote; strings without escapes are copied in one go.
    private mutating func string() throws(JSONParseError) -> String {
        let start = position + 1
        var end = start
        var isASCII = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                position = end + 1
                return try text(start..<end, isASCII: isASCII)
            }
            isASCII = isASCII && byte < 0x80
            if byte == UInt8(ascii: "\\") {
                return try escapedString(from: start)
            }
            if byte < 0x20 {
                throw failure("control character in a string", at: end)
            }
            end += 1
        }
        throw failure("unterminated string", at: start - 1)
    }

    /// The text of the bytes in `range`; ASCII, the common case, needs no validation (and skips the
    /// standard library's generic validating initializer, which looks up type metadata on every call).
    private func text(_ range: Range<Int>, isASCII: Bool) throws(JSONParseError) -> String {
        let buffer = UnsafeBufferPointer(rebasing: bytes[range])
        if isASCII {
            return String(decoding: buffer, as: UTF8.self)
        }
        guard let text = String(validating: buffer, as: UTF8.self) else {
            throw failure("invalid UTF-8 in a string", at: range.lowerBound)
        }
        return text
    }

    private mutating func escapedString(from start: Int) throws(JSONParseError) -> String {
        var decoded: [UInt8] = []
        position = start
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: decoded, as: UTF8.self) else {
                    throw failure("invalid UTF-8 in a string", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string", at: start - 1)
    }

    /// Decodes the escape after a backslash, appending its UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(JSONParseError) {
        guard position < bytes.count else { throw failure("unterminated string") }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let scalar = try unicodeEscape()
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default: throw failure("invalid escape", at: position - 2)
        }
    }

    /// Decodes `XXXX` after `\u`, joining a surrogate pair; a lone surrogate is an error, as with Foundation.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let escapeStart = position - 2
        let high = try hexQuad()
        if (0xDC00...0xDFFF).contains(high) {
            throw failure("unpaired low surrogate", at: escapeStart)
        }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired high surrogate", at: escapeStart) }
        position += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired high surrogate", at: escapeStart) }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw failure("incomplete \\u escape") }
        var result: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit in a \\u escape")
            }
            result = result << 4 | UInt32(digit)
            position += 1
        }
        return result
    }

    /// Reads a number: whole numbers that fit come out as `Int64`, the rest keep their text.
    private mutating func number() throws(JSONParseError) -> JSONNumber {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative {
            position += 1
        }
        guard position < bytes.count, bytes[position].isASCIIDigit else { throw failure("a number needs digits") }
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, bytes[position].isASCIIDigit { throw failure("a number cannot start with 0") }
        } else {
            while position < bytes.count, bytes[position].isASCIIDigit {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[position] - UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                magnitude = sum
                position += 1
            }
        }
        var isWhole = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isWhole = false
            position += 1
            try digits("a fraction needs digits")
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isWhole = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            try digits("an exponent needs digits")
        }
        if isWhole, !overflow, !(negative && magnitude == 0) {
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
            if !negative, magnitude <= UInt64(Int64.max) {
                return .integer(Int64(magnitude))
            }
        }
        return .text(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    private mutating func digits(_ reason: String) throws(JSONParseError) {
        guard position < bytes.count, bytes[position].isASCIIDigit else { throw failure(reason) }
        while position < bytes.count, bytes[position].isASCIIDigit {
            position += 1
        }
    }
}
