import CKModel

extension ServerStorage {
    /// The zone a request names, in the database it reaches, when it exists; `ZONE_NOT_FOUND` otherwise.
    func existingZone(_ zoneID: ZoneID?, for access: DatabaseAccess) async throws -> ZoneKey {
        let zone = try access.zone(zoneID)
        guard try await zoneExists(zone) else {
            throw ServerError(.zoneNotFound, reason: "there is no zone \(zone.zoneName)")
        }
        return zone
    }
}
