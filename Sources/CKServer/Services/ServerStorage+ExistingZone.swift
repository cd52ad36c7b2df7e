import CKModel

extension ServerStorage {
    /// The zone a request names, in the database it reaches, when it exists: in the shared database, a zone of
    /// another user (`ownerRecordName`) in which the caller accepted a share, with what the shares cover;
    /// `ZONE_NOT_FOUND` otherwise.
    func existingZone(_ zoneID: ZoneID?, for access: DatabaseAccess) async throws -> ReachedZone {
        guard access.database == .shared else {
            let zone = try access.zone(zoneID)
            guard try await zoneExists(zone) else {
                throw ServerError(.zoneNotFound, reason: "there is no zone \(zone.zoneName)")
            }
            return ReachedZone(key: zone)
        }
        let user = try access.requireUser().userRecordName
        let zoneName = zoneID?.zoneName ?? ZoneID.defaultZoneName
        guard let owner = zoneID?.ownerRecordName, owner != user else {
            throw ServerError(.zoneNotFound, reason: "no zone \(zoneName) is shared with you; name the zone's ownerRecordName")
        }
        let key = ZoneKey(container: access.container.id, environment: access.environment, database: .private, ownerRecordName: owner, zoneName: zoneName)
        return ReachedZone(key: key, scope: try await shareScope(of: user, in: key))
    }

    /// Every zone a request may search with `zoneWide`: those of its database, or in the shared database every
    /// zone shared with the caller.
    func reachableZones(for access: DatabaseAccess) async throws -> [ReachedZone] {
        guard access.database == .shared else {
            return try await zones(in: access.databaseKey()).map { ReachedZone(key: $0.key) }
        }
        let user = try access.requireUser().userRecordName
        var reached: [ReachedZone] = []
        for zone in try await sharedZones(with: user, in: access.container.id, environment: access.environment) {
            reached.append(ReachedZone(key: zone.key, scope: try await shareScope(of: user, in: zone.key)))
        }
        return reached
    }

    /// What the user's accepted shares in another user's zone cover; `ZONE_NOT_FOUND` when there are none.
    private func shareScope(of user: String, in zone: ZoneKey) async throws -> ShareScope {
        let shares = try await shares(acceptedBy: user, in: zone)
        guard !shares.isEmpty else {
            throw ServerError(.zoneNotFound, reason: "no zone \(zone.zoneName) of \(zone.ownerRecordName) is shared with you")
        }
        let permission = shares.compactMap { $0.participant(user)?.permission }.max() ?? .none
        guard !shares.contains(where: { $0.rootRecordName == nil }) else {
            return ShareScope(permission: permission, recordNames: nil)
        }
        let roots = shares.compactMap(\.rootRecordName)
        let shareNames = try await shareNames(in: zone, roots: roots)
        return ShareScope(permission: permission, recordNames: try await recordTree(from: roots, in: zone).union(shareNames))
    }

    /// The share records of roots, so a participant can read the share itself.
    private func shareNames(in zone: ZoneKey, roots: [String]) async throws -> Set<String> {
        Set(try await records(named: roots, in: zone).values.compactMap(\.share))
    }
}
