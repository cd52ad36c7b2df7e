import CKModel
import CKSchema

/// Lists, looks up, creates and deletes zones.
public struct ZoneService: Sendable {
    let storage: any ServerStorage
    /// Removes the files of a deleted zone's records at once; `nil` leaves them for a later collection.
    let assets: AssetService?

    /// Creates the service over a storage, removing deleted zones' files through `assets` when given.
    public init(storage: any ServerStorage, assets: AssetService? = nil) {
        self.storage = storage
        self.assets = assets
    }

    /// `zones/list`: every zone of the database the request reaches (in the shared database, the zones shared
    /// with the caller, each with its owner).
    public func list(access: DatabaseAccess) async throws -> Zones.Response {
        Zones.Response(zones: try await storage.zones(reachedBy: access).map { .success(Self.wireZone($0)) })
    }

    /// `zones/lookup`: the zones by ID, each a zone or `ZONE_NOT_FOUND`.
    public func lookup(_ request: Zones.LookupRequest, access: DatabaseAccess) async throws -> Zones.Response {
        try ItemLimit.check(request.zones.count, "zones")
        let existing = try await storage.zones(reachedBy: access)
        return Zones.Response(zones: request.zones.map { zoneID in
            let owner = access.database == .shared ? zoneID.ownerRecordName : nil
            guard let state = existing.first(where: { $0.key.zoneName == zoneID.zoneName && (owner == nil || $0.key.ownerRecordName == owner) }) else {
                return .failure(ServerError(.zoneNotFound, reason: "there is no zone \(zoneID.zoneName)", zoneID: zoneID))
            }
            return .success(Self.wireZone(state))
        })
    }

    /// `zones/modify`: creates and deletes zones in order; deleting a zone deletes its records.
    public func modify(_ request: Zones.ModifyRequest, access: DatabaseAccess) async throws -> Zones.Response {
        try ItemLimit.check(request.operations.count, "operations")
        try access.requireWriter()
        var results: [ItemResult<Zone>] = []
        var deletedAny = false
        for operation in request.operations {
            let zoneID = operation.zone.zoneID
            do {
                let key = try access.zone(zoneID)
                switch operation.operationType {
                case .create:
                    try Self.checkCreatable(key)
                    results.append(.success(Self.wireZone(try await storage.createZone(key))))
                case .delete:
                    if key.isDefaultZone {
                        throw ServerError(.notSupportedByZone, reason: "User updates to system zones are not allowed")
                    }
                    guard try await storage.deleteZone(key) else {
                        throw ServerError(.zoneNotFound, reason: "there is no zone \(key.zoneName)")
                    }
                    results.append(.success(Zone(zoneID: Self.wireZoneID(key), deleted: true)))
                    deletedAny = true
                }
            } catch var error as ServerError {
                error.zoneID = zoneID
                results.append(.failure(error))
            }
        }
        if deletedAny {
            // Download URLs need no credentials: the files go with their zones, not at some later save. The
            // deletes are committed: collecting is best effort and cannot fail the request.
            try? await assets?.collectGarbage()
        }
        return Zones.Response(zones: results)
    }

    private static func checkCreatable(_ key: ZoneKey) throws {
        guard key.database == .private else {
            throw ServerError(.badRequest, reason: "custom zones exist only in the private database")
        }
        if key.isDefaultZone {
            throw ServerError(.exists, reason: "every database has its \(ZoneID.defaultZoneName)")
        }
        if let problem = ObjectName.problem(with: key.zoneName, kind: "zone") {
            throw ServerError(.badRequest, reason: problem)
        }
    }

    /// The zone dictionary of a response, with its current sync token.
    static func wireZone(_ state: ZoneState) -> Zone {
        Zone(
            zoneID: wireZoneID(state.key),
            syncToken: state.syncToken.text, atomic: true)
    }

    /// The owner the public database's zones carry in responses: clients such as OpenCloudKit need an owner on
    /// every zone ID, and the public database belongs to no user.
    static let publicDatabaseOwner = "_defaultOwner"

    /// The zone ID responses carry, always with its owner.
    static func wireZoneID(_ zone: ZoneKey) -> ZoneID {
        ZoneID(
            zoneName: zone.zoneName, ownerRecordName: zone.ownerRecordName.isEmpty ? publicDatabaseOwner : zone.ownerRecordName,
            zoneType: zone.isDefaultZone ? .defaultZone : .regularCustomZone)
    }
}
