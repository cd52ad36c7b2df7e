/// A record dictionary: a record's identity, type, change tag, fields and system fields.
///
/// The same type serves requests (where most keys are optional) and responses. Keys CloudKit adds that
/// this model does not name, such as `pluginFields`, are ignored when reading.
public struct Record: Hashable, Sendable, Codable, KeyedDecodable {
    /// The record's name; the server assigns a UUID when a create leaves it out.
    public var recordName: String?
    /// The record type; required on create and `forceUpdate`.
    public var recordType: String?
    /// The opaque version the server changes on every save, for optimistic locking.
    public var recordChangeTag: String?
    /// The record's fields by name.
    public var fields: [String: FieldValue]?
    /// When and by whom the record was created (responses only).
    public var created: RecordStamp?
    /// When and by whom the record was last changed (responses only).
    public var modified: RecordStamp?
    /// `true` for a deleted record (tombstones in change feeds, delete results).
    public var deleted: Bool?
    /// The record's parent, for share hierarchies.
    public var parent: Reference?
    /// The share this record belongs to.
    public var share: Reference?
    /// The record's zone, as responses report it.
    public var zoneID: ZoneID?
    /// The short GUID of a shared record (responses only).
    public var shortGUID: String?
    /// On create, ask the server for a short GUID (requests only).
    public var createShortGUID: Bool?
    /// For a new `cloudkit.share` record: the root record it shares (absent for a zone-wide share).
    public var forRecord: RecordVersion?
    /// For a share: what anyone with its URL may do.
    public var publicPermission: SharePermission?
    /// For a share: the people it is shared with.
    public var participants: [ShareParticipant]?
    /// For a share: its owner (responses only).
    public var owner: ShareParticipant?
    /// For a share: the caller as a participant (responses only).
    public var currentUserParticipant: ShareParticipant?
    /// The `fields` object already written as wire JSON, which `JSONWriter` copies as is in place of `fields`
    /// (a server answering fields it stored that way). `Codable` knows only `fields`.
    public var encodedFields: [UInt8]? = nil

    enum CodingKeys: String, CodingKey {
        case recordName, recordType, recordChangeTag, fields, created, modified, deleted, parent, share, zoneID, shortGUID
        case createShortGUID, forRecord, publicPermission, participants, owner, currentUserParticipant
    }

    /// Reads a record dictionary from its keyed container (see `KeyedDecodable`).
    init<Container: KeyedDecodingContainerProtocol>(reading container: Container) throws where Container.Key == CodingKeys {
        recordName = try container.decodeIfPresent(String.self, forKey: .recordName)
        recordType = try container.decodeIfPresent(String.self, forKey: .recordType)
        recordChangeTag = try container.decodeIfPresent(String.self, forKey: .recordChangeTag)
        fields = try container.decodeIfPresent([String: FieldValue].self, forKey: .fields)
        created = try container.decodeIfPresent(RecordStamp.self, forKey: .created)
        modified = try container.decodeIfPresent(RecordStamp.self, forKey: .modified)
        deleted = try container.decodeIfPresent(Bool.self, forKey: .deleted)
        parent = try container.decodeIfPresent(Reference.self, forKey: .parent)
        share = try container.decodeIfPresent(Reference.self, forKey: .share)
        zoneID = try container.decodeIfPresent(ZoneID.self, forKey: .zoneID)
        shortGUID = try container.decodeIfPresent(String.self, forKey: .shortGUID)
        createShortGUID = try container.decodeIfPresent(Bool.self, forKey: .createShortGUID)
        forRecord = try container.decodeIfPresent(RecordVersion.self, forKey: .forRecord)
        publicPermission = try container.decodeIfPresent(SharePermission.self, forKey: .publicPermission)
        participants = try container.decodeIfPresent([ShareParticipant].self, forKey: .participants)
        owner = try container.decodeIfPresent(ShareParticipant.self, forKey: .owner)
        currentUserParticipant = try container.decodeIfPresent(ShareParticipant.self, forKey: .currentUserParticipant)
    }

    /// Creates a record dictionary.
    public init(
        recordName: String? = nil, recordType: String? = nil, recordChangeTag: String? = nil,
        fields: [String: FieldValue]? = nil, created: RecordStamp? = nil, modified: RecordStamp? = nil,
        deleted: Bool? = nil, parent: Reference? = nil, share: Reference? = nil, zoneID: ZoneID? = nil,
        shortGUID: String? = nil, createShortGUID: Bool? = nil, forRecord: RecordVersion? = nil,
        publicPermission: SharePermission? = nil, participants: [ShareParticipant]? = nil, owner: ShareParticipant? = nil,
        currentUserParticipant: ShareParticipant? = nil
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.recordChangeTag = recordChangeTag
        self.fields = fields
        self.created = created
        self.modified = modified
        self.deleted = deleted
        self.parent = parent
        self.share = share
        self.zoneID = zoneID
        self.shortGUID = shortGUID
        self.createShortGUID = createShortGUID
        self.forRecord = forRecord
        self.publicPermission = publicPermission
        self.participants = participants
        self.owner = owner
        self.currentUserParticipant = currentUserParticipant
    }

    /// The record's ID, when it has a name.
    public var recordID: RecordID? {
        recordName.map { RecordID(recordName: $0, zoneID: zoneID) }
    }
}
