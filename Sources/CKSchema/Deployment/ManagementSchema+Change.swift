import CKModel

extension ManagementSchema.Change {
    /// A diff's change as the management API reports it (and as the dashboard shows a diff of two files).
    public init(_ change: SchemaChange) {
        self.init(
            changeClass: change.changeClass.rawValue, change: change.kindName, recordType: change.recordType, field: change.field,
            summary: change.summary, reason: change.reason)
    }
}
