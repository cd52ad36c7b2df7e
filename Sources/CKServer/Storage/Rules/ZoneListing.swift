import CKModel

/// How every engine lists a database's zones: a public or private database always has its default zone (a
/// shared one has none), listed first, even before its first write made its row; the custom zones follow by name.
enum ZoneListing {
    /// `stored`, the zones with a row in `database`, as listed.
    static func listed(_ stored: [ZoneState], in database: ZoneKey.Database) -> [ZoneState] {
        var states = stored
        if database.scope != .shared, !states.contains(where: \.key.isDefaultZone) {
            states.append(ZoneState(key: database.zone(ZoneID.defaultZoneName), incarnation: 0, lastChange: 0))
        }
        return states.sorted { ($0.key.isDefaultZone ? 0 : 1, $0.key.zoneName) < ($1.key.isDefaultZone ? 0 : 1, $1.key.zoneName) }
    }
}
