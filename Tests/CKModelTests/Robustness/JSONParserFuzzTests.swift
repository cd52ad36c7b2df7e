import CKModel
import CKTestSupport
import Foundation
import Testing

/// Feeds `JSONParser` fixtures with bytes flipped, dropped and inserted: it must return or throw a
/// `JSONParseError` pointing inside the input, and accept only what Foundation's parser accepts too (but for
/// numbers beyond `Double`'s range).
@Suite("JSON parser on mutated bytes")
struct JSONParserFuzzTests {
    static let names = [
        "records-query-request.json", "records-modify-request.json", "records-modify-response.json",
        "request-error.json", "subscriptions-modify-request.json", "users-caller-response.json",
    ]

    /// Bytes that change JSON's meaning, plus bytes that are not UTF-8 on their own.
    static let interesting = Array(#"{}[]":,\ u0-1e.E+tfn"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xE4, 0xED, 0xF0, 0xFF]

    @Test("mutated bytes parse or fail cleanly", arguments: names.indices)
    func mutated(index: Int) throws {
        let original = [UInt8](try fixture(Self.names[index]))
        var generator = SeededGenerator(seed: UInt64(index) + 100)
        var rejected = 0
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = Self.interesting.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            do {
                _ = try JSONParser.parse(bytes)
                // Foundation also refuses numbers beyond Double's range at this stage; ours refuses them when read.
                do {
                    _ = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
                } catch {
                    #expect("\(error)".contains("is not representable"), "Foundation rejects \(String(decoding: bytes, as: UTF8.self))")
                }
            } catch {
                rejected += 1
                #expect((0...bytes.count).contains(error.offset), "\(error) for \(bytes.count) bytes")
            }
        }
        #expect(rejected > 0)
    }

    @Test("every prefix of a fixture is refused")
    func truncated() throws {
        for name in Self.names {
            let bytes = [UInt8](try fixture(name))
            let end = bytes.lastIndex { !Set(" \n\r\t".utf8).contains($0) } ?? bytes.endIndex
            for length in 0..<end {
                #expect(throws: JSONParseError.self, "\(name) cut at \(length)") { try JSONParser.parse(bytes[..<length]) }
            }
        }
    }
}
