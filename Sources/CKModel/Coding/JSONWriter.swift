/// Writes JSON text straight into bytes: the fast path for the responses that carry many records, where
/// going through `JSONEncoder` costs more than everything else the server does for a record.
///
/// Its output parses to the same JSON as the `Codable` encoding of the same values (a test holds the two
/// together); keys are written in a fixed order.
public struct JSONWriter {
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it. One flag is enough: a container just opened
    /// starts without one, and once it closes it was a value of the container around it, which then needs one.
    private var needsComma = false

    /// Creates an empty writer.
    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if needsComma {
            bytes.append(UInt8(ascii: ","))
        }
        needsComma = true
    }

    /// Opens an object (as a value).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (as a value).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key named in the program (CloudKit's own member names, which need no escaping); the value
    /// written next belongs to it. The key goes in with its comma, quotes and colon in one append: a record's
    /// answer has a dozen keys, and each append checks the array's storage again.
    public mutating func key(_ name: StaticString) {
        let comma = needsComma ? 1 : 0
        name.withUTF8Buffer { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + comma + 3) { key in
                if comma == 1 { key[0] = UInt8(ascii: ",") }
                key[comma] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: key[(comma + 1)...]).initialize(from: name)
                key[key.count - 2] = UInt8(ascii: "\"")
                key[key.count - 1] = UInt8(ascii: ":")
                bytes.append(contentsOf: key)
            }
        }
        needsComma = false
    }

    /// Writes `text`, JSON made at compile time, as it is: the members a record always has, in their fixed order,
    /// go in one append each (`,"recordType":`). The fragment carries its own commas; `endsValue` says whether it
    /// ends with a value (`},"deleted":false`), so that what follows it needs one.
    public mutating func fragment(_ text: StaticString, endsValue: Bool = false) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = endsValue
    }

    /// Writes a member's key that comes from data (a field's name), escaped as needed; the value written next
    /// belongs to it.
    public mutating func key(named name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Writes a whole number.
    public mutating func number(_ value: Int64) {
        separate()
        // Digits written from the end of a buffer on the stack, two per division: `description` allocated a string
        // per number, and every record answered carries two timestamps of thirteen digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value.magnitude
            var start = digits.count
            while rest >= 10 {
                let pair = Int(rest % 100) * 2
                rest /= 100
                start -= 2
                digits[start] = Self.digitPairs[pair]
                digits[start + 1] = Self.digitPairs[pair + 1]
            }
            if rest > 0 || start == digits.count {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest)
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits[start...])
        }
    }

    /// "00" to "99", each pair of digits at twice its value.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    /// Writes a number with a fraction (finite; JSON has no NaN or infinity).
    public mutating func number(_ value: Double) {
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes JSON text made elsewhere as one value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Writes one value with `write` and says where its bytes are, without the comma that separates it.
    public mutating func value(_ write: (inout JSONWriter) throws -> Void) rethrows -> Range<Int> {
        separate()
        needsComma = false
        let start = bytes.count
        try write(&self)
        return start..<bytes.count
    }

    /// Writes JSON text read in place (a column of a stored row) as one value.
    public mutating func raw(_ json: UnsafeRawBufferPointer) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Writes a string value given as UTF-8 read in place (a column of a stored row), without making a `String`.
    public mutating func string(utf8: UnsafeRawBufferPointer) {
        separate()
        appendQuoted(utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes `text` quoted, escaping what JSON requires.
    private mutating func appendQuoted(_ text: String) {
        let copied = text.utf8.withContiguousStorageIfAvailable { appendQuoted(UnsafeRawBufferPointer($0)) }
        if copied == nil {
            var contiguous = text
            contiguous.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes the UTF-8 `text` quoted, escaping what JSON requires; text with nothing to escape (nearly all of it)
    /// is copied in one go.
    private mutating func appendQuoted(_ text: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        if Self.needsEscaping(text) {
            for byte in text {
                appendEscaped(byte)
            }
        } else {
            bytes.append(contentsOf: text)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `text` holds a byte JSON must escape, read eight bytes at a time: a word holds one when a byte of it
    /// is below 0x20, or is a quote or a backslash (a byte equal to one of them leaves a zero byte once the word
    /// is XORed with it repeated). The word tests never miss a byte, and flag one wrongly only beside a byte truly
    /// found, so their answer for the whole word is exact.
    private static func needsEscaping(_ text: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }
        var offset = 0
        while offset + 8 <= text.count {
            let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let hasControl = (word &- ones &* 0x20) & ~word & highBits != 0
            if hasControl || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\"")))) || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\")))) {
                return true
            }
            offset += 8
        }
        return text[offset...].contains(where: needsEscape)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            bytes.append(contentsOf: Array("\\u00".utf8))
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
    }
}

/// A value that can write itself with `JSONWriter`, producing the same JSON as its `Encodable` form.
public protocol JSONWritable {
    /// Writes the value; with `numbersAsStrings`, INT64 and DOUBLE field values as strings.
    func write(to writer: inout JSONWriter, numbersAsStrings: Bool)

    /// About how many bytes the value's JSON takes, so that a writer can hold it without growing on the way.
    var estimatedByteCount: Int { get }
}

extension JSONWritable {
    public var estimatedByteCount: Int { 4096 }
}
