import CKModel

/// A record as the server keeps it: its fields and system fields, in one zone.
public struct StoredRecord: Hashable, Sendable {
    /// The record's name, unique in its zone.
    public var recordName: String
    /// The record type.
    public var recordType: String
    /// The version the server changes on every save.
    public var changeTag: String
    /// The fields with values.
    public var fields: [String: FieldValue]
    /// When and by whom it was created.
    public var created: RecordStamp
    /// When and by whom it was last saved.
    public var modified: RecordStamp

    /// Creates a stored record.
    public init(recordName: String, recordType: String, changeTag: String, fields: [String: FieldValue], created: RecordStamp, modified: RecordStamp) {
        self.recordName = recordName
        self.recordType = recordType
        self.changeTag = changeTag
        self.fields = fields
        self.created = created
        self.modified = modified
    }

    /// The record dictionary of a response, with only `desiredKeys` among the fields (all when `nil`), its
    /// assets with their `downloadURL` on `serverURL`.
    public func wireRecord(zoneID: ZoneID, desiredKeys: [String]?, serverURL: String, container: ContainerID) -> Record {
        var shown = desiredKeys.map { keys in fields.filter { keys.contains($0.key) } } ?? fields
        for (name, value) in shown {
            switch value {
            case .asset(let asset):
                shown[name] = .asset(AssetService.fetched(asset, container: container, serverURL: serverURL))
            case .list(.asset(let assets)):
                shown[name] = .list(.asset(assets.map { AssetService.fetched($0, container: container, serverURL: serverURL) }))
            default:
                break
            }
        }
        return Record(
            recordName: recordName, recordType: recordType, recordChangeTag: changeTag, fields: shown, created: created,
            modified: modified, deleted: false, zoneID: zoneID)
    }
}
