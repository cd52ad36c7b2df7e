import CKModel
import Testing

@Suite("Finding bytes in JSON text")
struct ByteSearchTests {
    private func offset(_ needle: String, in text: String, from start: Int = 0) -> Int? {
        Array(text.utf8).withUnsafeBytes { ByteSearch.firstOffset(of: Array(needle.utf8), in: $0, from: start) }
    }

    @Test("the first occurrence at or after a start, wherever it is, and nothing when there is none")
    func offsets() {
        #expect(offset("ab", in: "abcab") == 0)
        #expect(offset("ab", in: "abcab", from: 1) == 3)
        #expect(offset("cab", in: "abcab") == 2)
        #expect(offset("aab", in: "aaaab") == 2)
        #expect(offset("b", in: "aaaab") == 4)
        #expect(offset("x", in: "aaaab") == nil)
        #expect(offset("abcabc", in: "abcab") == nil)
        #expect(offset("", in: "abc") == nil)
        #expect(offset("a", in: "") == nil)
        #expect(offset("ab", in: "abcab", from: 4) == nil)
        #expect(offset("xAy", in: "xAzxAy") == 3)
        #expect(offset("xAy", in: "AxAy") == 1)
        #expect(offset("xAy", in: "xAyxAy", from: 1) == 3)
        #expect(offset("xA", in: "yA") == nil)
        #expect(offset("x9", in: "x9") == 0)
        #expect(offset(#""recordChangeTag":"#, in: #"{"a":"C","recordChangeTag":"1"}"#) == 9)
        #expect(ByteSearch.contains(Array(#""ASSETID"#.utf8), in: Array(#"{"p":{"type":"ASSETID_LIST"}}"#.utf8)))
        #expect(!ByteSearch.contains(Array(#""ASSETID"#.utf8), in: Array(#"{"p":{"type":"ASSET"}}"#.utf8)))
    }
}
