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
    /// The record's parent in the same zone, which a share of the parent also shares.
    public var parent: String?
    /// The share whose root this record is (read from the shares, never written with the record).
    public var share: String?
    /// For a `cloudkit.share` record: what it shares and with whom.
    public var shareInfo: StoredShare?

    /// Creates a stored record.
    public init(
        recordName: String, recordType: String, changeTag: String, fields: [String: FieldValue], created: RecordStamp, modified: RecordStamp,
        parent: String? = nil, share: String? = nil, shareInfo: StoredShare? = nil
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.changeTag = changeTag
        self.fields = fields
        self.created = created
        self.modified = modified
        self.parent = parent
        self.share = share
        self.shareInfo = shareInfo
    }

    /// Fields as stored: the JSON of their wire form.
    public static func fields(fromJSON json: some Collection<UInt8>) throws -> [String: FieldValue] {
        try JSONValueDecoder().decode([String: FieldValue].self, from: json)
    }

    /// The record dictionary of a response, with only `desiredKeys` among the fields (all when `nil`), its
    /// assets with their `downloadURL` on `serverURL`; a share also says who it is shared with, and what
    /// `viewer` is to it.
    public func wireRecord(zoneID: ZoneID, desiredKeys: [String]?, serverURL: String, container: ContainerID, viewer: String? = nil) -> Record {
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
        var record = Record(
            recordName: recordName, recordType: recordType, recordChangeTag: changeTag, fields: shown, created: created,
            modified: modified, deleted: false, parent: parent.map { Reference(recordName: $0, action: ReferenceAction.none) },
            share: share.map { Reference(recordName: $0, action: ReferenceAction.none) }, zoneID: zoneID)
        if let shareInfo {
            let (owner, others) = shareInfo.wireParticipants(owner: zoneID.ownerRecordName ?? "")
            record.shortGUID = shareInfo.shortGUID
            record.publicPermission = shareInfo.publicPermission
            record.participants = [owner] + others
            record.owner = owner
            record.currentUserParticipant = viewer == owner.userIdentity?.userRecordName
                ? owner : others.first { $0.userIdentity?.userRecordName == viewer }
        }
        return record
    }
}
