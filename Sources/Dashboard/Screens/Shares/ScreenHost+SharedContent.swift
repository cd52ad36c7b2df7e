import CKModel

extension ScreenHost {
    /// Opens what a share shares for `session` in `database`: the root record of a record share, else the
    /// record types of the shared zone.
    func openShared(zone: ZoneID, rootRecordName: String?, in database: DatabaseScope, session: Session) {
        var next = session
        next.database = database
        next.zone = zone
        next.recordType = nil
        if let rootRecordName {
            open(.record(recordName: rootRecordName), session: next)
        } else {
            open(.recordTypes, session: next)
        }
    }
}
