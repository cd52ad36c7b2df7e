import CKModel

/// The record type of shares, which no schema declares but every private and shared database holds.
extension RecordType {
    /// The name of the type of share records.
    public static let sharesTypeName = ShareRecord.recordType

    /// `cloudkit.share` as queries read it: its system fields, the record name queryable and the times sortable,
    /// so that a zone's (or a database's) shares can be listed with `records/query`.
    public static var shares: RecordType {
        RecordType(sharesTypeName, fields: SystemField.allCases.map { field in
            switch field {
            case .recordID: Field(field.rawValue, field.type, indexes: [.queryable])
            case .createTime, .modTime: Field(field.rawValue, field.type, indexes: [.queryable, .sortable])
            default: field.field
            }
        })
    }
}
