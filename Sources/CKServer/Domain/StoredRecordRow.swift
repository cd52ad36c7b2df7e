import CKModel

/// A record as read for an answer: its system fields decoded, its fields left in their stored JSON, which is
/// already their wire form. Answers copy that JSON as it is (or the members `desiredKeys` keeps), and decode it
/// only when they must change it: assets gain a `downloadURL`, `numbersAsStrings` rewrites numbers.
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
        guard let copied = copiedFields(desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings) else {
            return try decoded().wireRecord(zoneID: zoneID, desiredKeys: desiredKeys, serverURL: serverURL, container: container, viewer: viewer)
        }
        var wire = record.wireRecord(zoneID: zoneID, desiredKeys: nil, serverURL: serverURL, container: container, viewer: viewer)
        wire.fields = nil
        wire.encodedFields = copied
        return wire
    }

    /// The fields JSON of the answer when it can be copied from the stored one: all of it, or the members
    /// `desiredKeys` keeps; `nil` when the answer must be written from decoded fields.
    private func copiedFields(desiredKeys: [String]?, numbersAsStrings: Bool) -> [UInt8]? {
        guard !numbersAsStrings, !ByteSearch.contains(Self.assetTag, in: fieldsJSON) else { return nil }
        guard let desiredKeys else { return fieldsJSON }
        return StoredFieldsJSON.keeping(Set(desiredKeys), of: fieldsJSON)
    }

    /// How stored JSON tags an asset value: `ASSETID` and `ASSETID_LIST`, and `ASSET` in rows saved before.
    private static let assetTag = Array(#""ASSET"#.utf8)
}
