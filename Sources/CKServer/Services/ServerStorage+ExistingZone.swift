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

    /// The zones of the database a request reaches: those of its public or private database, or in the shared
    /// database the zones shared with the caller (each its owner's).
    func zones(reachedBy access: DatabaseAccess) async throws -> [ZoneState] {
        guard access.database == .shared else {
            return try await zones(in: access.databaseKey())
        }
        return try await sharedZones(with: access.requireUser().userRecordName, in: access.container.id, environment: access.environment)
    }

    /// Every zone a request may search with `zoneWide`, with what the caller's shares cover of a shared one.
    func reachableZones(for access: DatabaseAccess) async throws -> [ReachedZone] {
        var reached: [ReachedZone] = []
        for zone in try await zones(reachedBy: access) {
            let scope = access.database == .shared ? try await shareScope(of: access.requireUser().userRecordName, in: zone.key) : nil
            reached.append(ReachedZone(key: zone.key, scope: scope))
        }
        return reached
    }

    /// What the user's accepted shares in another user's zone cover (shares that give them no permission do
    /// not count); `ZONE_NOT_FOUND` when there are none.
    func shareScope(of user: String, in zone: ZoneKey) async throws -> ShareScope {
        let shares = try await shares(acceptedBy: user, in: zone).filter { ($0.participant(user)?.permission ?? .none) > .none }
        guard !shares.isEmpty else {
            throw ServerError(.zoneNotFound, reason: "no zone \(zone.zoneName) of \(zone.ownerRecordName) is shared with you")
        }
        let writable = shares.filter { $0.participant(user)?.permission == .readWrite }
        return ShareScope(
            permission: writable.isEmpty ? .readOnly : .readWrite, recordNames: try await covered(by: shares, in: zone),
            writableNames: writable.isEmpty ? [] : try await covered(by: writable, in: zone))
    }

    /// The records shares cover, with the share records themselves; `nil` when one covers the whole zone.
    private func covered(by shares: [StoredShare], in zone: ZoneKey) async throws -> Set<String>? {
        guard !shares.contains(where: { $0.rootRecordName == nil }) else { return nil }
        let roots = shares.compactMap(\.rootRecordName)
        let shareNames = Set(try await records(named: roots, in: zone).values.compactMap(\.share))
        return try await recordTree(from: roots, in: zone).union(shareNames)
    }
}
