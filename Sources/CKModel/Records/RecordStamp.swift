/// The `created` and `modified` dictionaries of a record: when, by whom and from which device.
public struct RecordStamp: Hashable, Sendable, Codable {
    /// When the change happened.
    public var timestamp: Timestamp
    /// The `userRecordName` of the user who made it.
    public var userRecordName: String?
    /// The device it came from: `"iCloud"` for web writes, a 64-hex string from devices.
    public var deviceID: String?

    /// Creates a stamp.
    public init(timestamp: Timestamp, userRecordName: String? = nil, deviceID: String? = nil) {
        self.timestamp = timestamp
        self.userRecordName = userRecordName
        self.deviceID = deviceID
    }
}
