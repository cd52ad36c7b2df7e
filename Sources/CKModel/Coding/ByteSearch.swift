#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte sequence in JSON text without parsing it: whether stored fields hold an asset, or where a
/// key sits in an answer.
public enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`, or `nil`: `memchr` to each place the
    /// needle's anchor byte occurs, `memcmp` there. The anchor is the needle's first uppercase letter or digit,
    /// else its first byte: a JSON needle starts with a quote, and stopping at every quote of the text is most of
    /// the cost.
    public static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = haystack.baseAddress, !needle.isEmpty, start >= 0, haystack.count - start >= needle.count else { return nil }
        let anchor = needle.firstIndex { $0.isASCIIUppercase || $0.isASCIIDigit } ?? 0
        let anchorByte = Int32(needle[anchor])
        let lastStart = haystack.count - needle.count
        return needle.withUnsafeBytes { wanted -> Int? in
            var index = start
            while index <= lastStart, let found = memchr(base + index + anchor, anchorByte, lastStart - index + 1) {
                let offset = UnsafeRawPointer(found) - base - anchor
                if memcmp(base + offset, wanted.baseAddress!, wanted.count) == 0 {
                    return offset
                }
                index = offset + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `bytes`.
    public static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { firstOffset(of: needle, in: $0) != nil }
    }
}
