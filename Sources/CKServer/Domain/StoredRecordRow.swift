import CKModel

/// A record as read for an answer: its system fields decoded, its fields left in their stored JSON, which is
/// already their wire form. Answers copy that JSON as it is (or the members `desiredKeys` keeps), and decode it
/// only when they must change more than their assets' `downloadURL`: `numbersAsStrings` rewrites numbers.
public struct StoredRecordRow: Hashable, Sendable {
    /// The record, its `fields` left empty.
    public var record: StoredRecord
    /// The record's fields as stored: the JSON of their wire form.
    public var fieldsJSON: [UInt8]

    /// A row of `record` (whose fields are ignored) with the fields `fieldsJSON`.
    public init(record: StoredRecord, fieldsJSON: [UInt8]) {
        self.record = record
        self.fieldsJSON = fieldsJSON
    }

    /// The record with its fields decoded.
    public func decoded() throws -> StoredRecord {
        var decoded = record
        decoded.fields = try StoredRecord.fields(fromJSON: fieldsJSON)
        return decoded
    }

    /// The record dictionary of a response, as `StoredRecord.wireRecord` makes it, byte for byte, with the stored
    /// JSON of the fields copied rather than decoded and written again wherever the answer is the same.
    public func wireRecord(
        zoneID: ZoneID, desiredKeys: [String]?, numbersAsStrings: Bool, serverURL: String, container: ContainerID, viewer: String? = nil
    ) throws -> Record {
        let copied = fieldsJSON.withUnsafeBytes {
            StoredFieldsCopy(
                of: $0, desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings,
                downloadPrefix: AssetService.downloadPrefix(container: container, serverURL: serverURL))
        }
        guard let copied else {
            return try decoded().wireRecord(zoneID: zoneID, desiredKeys: desiredKeys, serverURL: serverURL, container: container, viewer: viewer)
        }
        var wire = record.wireRecord(zoneID: zoneID, desiredKeys: nil, serverURL: serverURL, container: container, viewer: viewer)
        wire.fields = nil
        switch copied {
        case .all: wire.encodedFields = fieldsJSON
        case .kept(let kept): wire.encodedFields = kept
        }
        return wire
    }
}
