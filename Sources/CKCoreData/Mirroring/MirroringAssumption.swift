/// The choices of the mirroring that no source confirms (the ⚠ of `docs/core-data.md` and of the reference it
/// follows), each named once here, so that a finding about Core Data's real behaviour changes one place.
public enum MirroringAssumption: String, CaseIterable, Sendable {
    /// A Float attribute is stored as DOUBLE, as Double is.
    case floatIsDouble
    /// A Decimal attribute is stored as a number; taken as DOUBLE.
    case decimalIsDouble
    /// Every record type has `CD_moveReceipt`, as BYTES.
    case moveReceiptIsBytes
    /// Every record type has `CD_entityName`, sub-entities or not.
    case entityNameOnEveryType
    /// A derived attribute is computed on each device, not mirrored.
    case derivedIsNotMirrored
    /// A Composite attribute is not mirrored as such (how its elements are stored is not known).
    case compositeIsNotMirrored
    /// The `_ckAsset` companion of an encrypted attribute is a plain ASSET (CloudKit encrypts every asset).
    case assetCompanionIsPlain
    /// A record's name is a plain UUID, as real data shows (Apple's examples write `CD_Post_<UUID>`); a to-one
    /// relationship's value is read as a record name in either form.
    case recordNameIsUUID
    /// A zone-wide share's record is named `cloudkit.zoneshare` (`CKRecordNameZoneWideShare`).
    case zoneWideShareName

    /// What the assumption says, for the documentation and `ckdash model schema`'s comments.
    public var summary: String {
        switch self {
        case .floatIsDouble: "Float attributes are DOUBLE fields"
        case .decimalIsDouble: "Decimal attributes are DOUBLE fields"
        case .moveReceiptIsBytes: "every record type has CD_moveReceipt, a BYTES field"
        case .entityNameOnEveryType: "every record type has CD_entityName, with or without sub-entities"
        case .derivedIsNotMirrored: "derived attributes are not mirrored"
        case .compositeIsNotMirrored: "Composite attributes are not mirrored"
        case .assetCompanionIsPlain: "the _ckAsset companion of an encrypted attribute is a plain ASSET"
        case .recordNameIsUUID: "record names are plain UUIDs (Apple's examples write CD_Post_<UUID>; both are read)"
        case .zoneWideShareName: "a zone-wide share's record is named cloudkit.zoneshare"
        }
    }
}
