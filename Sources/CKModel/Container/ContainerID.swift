/// Names a container, such as `iCloud.com.example.Party`.
public struct ContainerID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier as written in URLs.
    public let rawValue: String

    /// Accepts an identifier of 1 to 255 letters, digits, dots, hyphens and underscores, starting with a
    /// letter (`iCloud.com.example.Party`; Apple's own containers have no `iCloud.` prefix).
    public init?(rawValue: String) {
        // Byte by byte: every request names its container, and Unicode's scalar properties cost more than the rest.
        guard let first = rawValue.utf8.first, first.isASCIILetter, rawValue.utf8.count <= 255,
            rawValue.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = ContainerID(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a container identifier")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
