/// Identifies a zone: its name and, for another user's zone, its owner.
///
/// Written with `ownerRecordName` (Apple's documented key); `ownerName`, which some clients send, is read too.
public struct ZoneID: Hashable, Sendable, Codable {
    /// The name every database's default zone has.
    public static let defaultZoneName = "_defaultZone"

    /// The zone's name; `_defaultZone` when a request leaves it out.
    public var zoneName: String
    /// The `userRecordName` of the zone's owner; `nil` means the caller.
    public var ownerRecordName: String?
    /// `DEFAULT_ZONE` or `REGULAR_CUSTOM_ZONE`, present in server responses.
    public var zoneType: ZoneType?

    /// Creates a zone ID.
    public init(zoneName: String = ZoneID.defaultZoneName, ownerRecordName: String? = nil, zoneType: ZoneType? = nil) {
        self.zoneName = zoneName
        self.ownerRecordName = ownerRecordName
        self.zoneType = zoneType
    }

    /// The default zone of the caller's database.
    public static let defaultZone = ZoneID()

    /// Whether this is a database's default zone.
    public var isDefaultZone: Bool { zoneName == Self.defaultZoneName }

    private enum CodingKeys: String, CodingKey {
        case zoneName, ownerRecordName, ownerName, zoneType
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zoneName = try container.decodeIfPresent(String.self, forKey: .zoneName) ?? Self.defaultZoneName
        ownerRecordName = try container.decodeIfPresent(String.self, forKey: .ownerRecordName)
            ?? container.decodeIfPresent(String.self, forKey: .ownerName)
        zoneType = try container.decodeIfPresent(ZoneType.self, forKey: .zoneType)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zoneName, forKey: .zoneName)
        try container.encodeIfPresent(ownerRecordName, forKey: .ownerRecordName)
        try container.encodeIfPresent(zoneType, forKey: .zoneType)
    }
}

/// The kind of a zone, as responses report it.
public struct ZoneType: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A database's `_defaultZone`.
    public static let defaultZone = ZoneType(rawValue: "DEFAULT_ZONE")
    /// A zone created with `zones/modify`.
    public static let regularCustomZone = ZoneType(rawValue: "REGULAR_CUSTOM_ZONE")
}
