/// Names a container, such as `iCloud.com.example.Party`.
public struct ContainerID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier as written in URLs.
    public let rawValue: String

    /// Accepts an identifier of 1 to 255 letters, digits, dots, hyphens and underscores, starting with a
    /// letter (`iCloud.com.example.Party`; Apple's own containers have no `iCloud.` prefix).
    public init?(rawValue: String) {
        guard let first = rawValue.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            rawValue.utf8.count <= 255,
            rawValue.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0)) })
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
