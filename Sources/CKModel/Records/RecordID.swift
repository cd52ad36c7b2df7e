/// Identifies a record: its name within a zone.
public struct RecordID: Hashable, Sendable, Codable {
    /// Unique within the zone: ASCII, at most 255 characters, not starting with an underscore.
    public var recordName: String
    /// The record's zone; `nil` means the zone the request names (or the default zone).
    public var zoneID: ZoneID?

    /// Creates a record ID.
    public init(recordName: String, zoneID: ZoneID? = nil) {
        self.recordName = recordName
        self.zoneID = zoneID
    }
}
