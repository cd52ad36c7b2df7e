import CKModel

/// How every engine answers for a database's zones: a public or private database always has its default zone (a
/// shared one has none), even before its first write made its row; it is listed first, the custom zones follow
/// by name.
enum ZoneListing {
    /// `stored`, the zones with a row in `database`, as listed.
    static func listed(_ stored: [ZoneState], in database: ZoneKey.Database) -> [ZoneState] {
        var states = stored
        if database.scope != .shared, !states.contains(where: \.key.isDefaultZone) {
            states.append(unwritten(database.zone(ZoneID.defaultZoneName)))
        }
        return states.sorted { ($0.key.isDefaultZone ? 0 : 1, $0.key.zoneName) < ($1.key.isDefaultZone ? 0 : 1, $1.key.zoneName) }
    }

    /// The state of `zone` given the state of its row (`nil`: it has none): a default zone without a row has the
    /// state of one never written.
    static func state(_ stored: ZoneState?, of zone: ZoneKey) -> ZoneState? {
        stored ?? (zone.isDefaultZone ? unwritten(zone) : nil)
    }

    /// Whether `zone` exists, asking `hasRow` only for a custom zone.
    static func exists(_ zone: ZoneKey, hasRow: () async throws -> Bool) async rethrows -> Bool {
        if zone.isDefaultZone { return true }
        return try await hasRow()
    }

    /// A zone before its first write.
    private static func unwritten(_ zone: ZoneKey) -> ZoneState {
        ZoneState(key: zone, incarnation: 0, lastChange: 0)
    }
}
