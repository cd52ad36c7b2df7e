import CKModel
import Foundation
import Testing

/// Parses `text` as JSON.
private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

/// The error parsing `bytes` throws.
private func failure(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("JSON parser")
struct JSONParserTests {
    @Test("reads every kind of value, keeping object keys in order")
    func values() throws {
        let value = try parse(#" {"b": [true, false, null], "a": {"x": "y"}, "n": -12, "f": 2.5e-3, "e": {}, "l": []} "#)
        guard case .object(let object) = value else { Issue.record("not an object: \(value)"); return }
        #expect(object.keys == ["b", "a", "n", "f", "e", "l"])
        #expect(value["b"] == .array([.bool(true), .bool(false), .null]))
        #expect(value["a"]?["x"] == .string("y"))
        #expect(value["n"] == .number(.integer(-12)))
        #expect(value["f"] == .number(.text("2.5e-3")))
        #expect(value["e"] == .object(JSONObject()))
        #expect(value["l"] == .array([]))
        #expect(try parse("7") == .number(.integer(7)))
        #expect(try parse(#""top""#) == .string("top"))
    }

    @Test("a repeated key keeps its first value, as Foundation does")
    func repeatedKey() throws {
        #expect(try parse(#"{"a":1,"a":2}"#)["a"] == .number(.integer(1)))
    }

    @Test("decodes every escape, multi-byte UTF-8 and surrogate pairs")
    func escapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(try parse(#""\ud83d\ude00 x""#) == .string("😀 x"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse("\"é中😀\"") == .string("é中😀"))
        #expect(try parse(#"{"k\u0065y":"v"}"#)["key"] == .string("v"))
    }

    @Test("whole numbers that fit Int64 are integers; others keep their text")
    func numbers() throws {
        #expect(try parse("0") == .number(.integer(0)))
        #expect(try parse("9223372036854775807") == .number(.integer(.max)))
        #expect(try parse("-9223372036854775808") == .number(.integer(.min)))
        #expect(try parse("9223372036854775808") == .number(.text("9223372036854775808")))
        #expect(try parse("-9223372036854775809") == .number(.text("-9223372036854775809")))
        #expect(try parse("-0") == .number(.text("-0")))
        #expect(try parse("3.0") == .number(.text("3.0")))
        #expect(try parse("1E+2") == .number(.text("1E+2")))
        #expect(JSONNumber.text("3.0").int64 == 3)
        #expect(JSONNumber.text("1e3").int64 == 1000)
        #expect(JSONNumber.text("3.5").int64 == nil)
        #expect(JSONNumber.text("1e400").double == nil)
        #expect(JSONNumber.text("-0").double?.sign == .minus)
        #expect(JSONNumber.integer(9_007_199_254_740_993).double == 9_007_199_254_740_992)
    }

    @Test("accepts nesting up to the limit and refuses one level more")
    func depth() throws {
        let limit = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = String(repeating: #"{"a":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        let error = try #require(failure(Array(tooDeep.utf8)))
        #expect(error.reason.contains("nested"))
        #expect(error.offset == 5 * limit)
    }

    /// Invalid documents with the offset of the byte the error must point at.
    static let invalid: [(String, Int)] = [
        ("", 0), ("   ", 3), ("[1,]", 3), (#"{"a":1,}"#, 7), ("[1 2]", 3), (#"{"a" 1}"#, 5), ("{1:2}", 1),
        ("01", 1), ("-", 1), ("1.", 2), ("1e", 2), ("1e+", 3), (".5", 0), ("+1", 0), ("0x10", 1), ("NaN", 0),
        ("tru", 0), ("nul", 0), ("truex", 4), ("{} x", 3), ("[]]", 2), (#""abc"#, 0), ("\"a\u{1}\"", 2),
        (#""\x""#, 1), (#""\u12G4""#, 5), (#""\u12""#, 3), (#""\ud800""#, 1), (#""\ud800\u0041""#, 1),
        (#""\udc00""#, 1), ("[", 1), (#"{"a":"#, 5), (#"{"a""#, 4), ("'a'", 0), ("[1,,2]", 3), ("// c\n1", 0),
    ]

    @Test("refuses invalid JSON, saying where", arguments: invalid.indices)
    func refuses(index: Int) throws {
        let (text, offset) = Self.invalid[index]
        let error = try #require(failure(Array(text.utf8)), "\(text) was accepted")
        #expect(error.offset == offset, "\(text): \(error)")
        #expect(error.description == "\(error.reason) at byte \(offset)")
    }

    @Test("refuses strings that are not UTF-8")
    func invalidUTF8() throws {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22]] {
            let error = try #require(failure(bytes), "\(bytes) was accepted")
            #expect(error.reason.contains("UTF-8"))
        }
    }

    @Test("reads any contiguous or non-contiguous collection of bytes")
    func collections() throws {
        let text = #"{"a":[1,"b"]}"#
        let expected = try parse(text)
        #expect(try JSONParser.parse(Data(text.utf8)) == expected)
        #expect(try JSONParser.parse(text.utf8) == expected)
        #expect(try JSONParser.parse(text.utf8.reversed().reversed()) == expected)
    }
}
