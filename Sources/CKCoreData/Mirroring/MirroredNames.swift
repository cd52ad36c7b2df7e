/// The names NSPersistentCloudKitContainer gives in CloudKit to what a model declares.
public enum MirroredNames {
    /// The prefix of every type and field it writes.
    public static let prefix = "CD_"
    /// The record type of each many-to-many link.
    public static let linkType = "CDMR"
    /// The field naming a record's entity, where sub-entities share their root's type.
    public static let entityName = "CD_entityName"
    /// The field used when an object moves between stores or zones.
    public static let moveReceipt = "CD_moveReceipt"
    /// The fields of a `CDMR` link: the two entities (`Post:Tag`), the two record names, the two relationships.
    public static let linkFields = ["CD_entityNames", "CD_recordNames", "CD_relationships"]
    /// What ends the name of the asset a large value is stored in instead (`CD_title_ckAsset`).
    public static let assetSuffix = "_ckAsset"
    /// The private database's zone of a Core Data store.
    public static let zoneName = "com.apple.coredata.cloudkit.zone"

    /// Whether the record type `name` is one NSPersistentCloudKitContainer writes (`CD_…` or `CDMR`).
    public static func isMirrored(recordType name: String) -> Bool {
        name.hasPrefix(prefix) || name == linkType
    }

    /// Whether the record type `name` holds an entity's records (`CD_…`), as opposed to the `CDMR` links.
    public static func isEntityType(_ name: String) -> Bool {
        name.hasPrefix(prefix)
    }

    /// `CD_Post` for the entity `Post` (sub-entities use their root's).
    public static func recordType(_ entity: String) -> String {
        prefix + entity
    }

    /// `CD_title` for the attribute or to-one relationship `title`.
    public static func field(_ property: String) -> String {
        prefix + property
    }

    /// `CD_title_ckAsset`: the asset a large value of `title` is stored in instead.
    public static func assetField(_ attribute: String) -> String {
        prefix + attribute + assetSuffix
    }
}
