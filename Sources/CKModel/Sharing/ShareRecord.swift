/// The names CloudKit gives share records.
public enum ShareRecord {
    /// The record type of shares (lower-case `k`: Apple's page prints `cloudKit.share`, which servers refuse).
    public static let recordType = "cloudkit.share"
    /// The record name of a zone-wide share: `CKRecordNameZoneWideShare`, whose value only a public
    /// reimplementation confirms.
    public static let zoneWideName = "cloudkit.zoneshare"
}
