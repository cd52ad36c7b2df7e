import CKModel

/// A zone's ID with the JSON a record's `zoneID` member carries, written once for all the records an answer
/// holds of that zone rather than once for each.
struct ZoneIDJSON {
    /// The zone.
    let zoneID: ZoneID
    /// The zone's `zoneID` dictionary as JSON text.
    let json: [UInt8]

    /// Writes the JSON of `zoneID`.
    init(_ zoneID: ZoneID) {
        self.zoneID = zoneID
        var writer = JSONWriter(capacity: 64)
        zoneID.write(to: &writer)
        json = writer.bytes
    }
}
