import CKModel

/// Where a logged request looked, as a session of the dashboard: its environment, database, zone and record type,
/// as the user who made it (for the private and shared databases, whose records are that user's), so that its
/// records and zone open as the request saw them.
enum LoggedRequestSession {
    /// `session` moved to where `entry` looked.
    static func session(of entry: RequestLogEntry, from session: Session) -> Session {
        var next = session
        next.environment = entry.environment ?? session.environment
        next.database = entry.database ?? session.database
        next.zone = entry.zones.first.flatMap { $0 == ZoneID.defaultZoneName ? nil : ZoneID(zoneName: $0) }
        next.recordType = entry.recordTypes.count == 1 ? entry.recordTypes.first : nil
        next.user = user(of: entry) ?? (next.database == .public ? session.user : nil)
        return next
    }

    /// The user who made `entry`, to act as: known by their record name only, which the header shows.
    static func user(of entry: RequestLogEntry) -> ActingUser? {
        entry.userID.map { ActingUser(userRecordName: $0, name: $0) }
    }
}
