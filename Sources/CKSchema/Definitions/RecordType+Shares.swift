import CKModel

/// The record type of shares, which no schema declares but every private and shared database holds.
extension RecordType {
    /// `cloudkit.share` as queries and indexes read it: its system fields, the record name queryable and the
    /// times queryable and sortable, so that a zone's (or a database's) shares can be listed with `records/query`.
    public static let shares = RecordType(ShareRecord.recordType, fields: SystemField.allCases.map { field in
        switch field {
        case .recordID: Field(field.rawValue, field.type, indexes: [.queryable])
        case .createTime, .modTime: Field(field.rawValue, field.type, indexes: [.queryable, .sortable])
        default: field.field
        }
    })
}
