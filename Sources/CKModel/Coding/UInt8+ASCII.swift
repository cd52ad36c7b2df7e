extension UInt8 {
    /// Whether the byte is an ASCII letter, `a`–`z` or `A`–`Z`: for checks that read text byte by byte.
    public var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }

    /// Whether the byte is an ASCII uppercase letter, `A`–`Z`.
    public var isASCIIUppercase: Bool {
        self &- UInt8(ascii: "A") < 26
    }

    /// Whether the byte is an ASCII digit, `0`–`9`.
    public var isASCIIDigit: Bool {
        self &- UInt8(ascii: "0") < 10
    }

    /// Whether the byte is an ASCII hexadecimal digit, `0`–`9`, `a`–`f` or `A`–`F`.
    public var isASCIIHexDigit: Bool {
        isASCIIDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
