import CKClient
import CKModel

/// Fetches the zones of the session's database with their sync tokens, counts a zone's records, and creates and
/// deletes custom zones.
struct ZonesLoader: Sendable {
    let client: CloudKitClient

    /// The zones, the default zone first, then by name; a zone the server could not answer is an error.
    func zones() async throws -> [Zone] {
        var zones: [Zone] = []
        for result in try await client.allZones() {
            zones.append(try result.get())
        }
        func order(_ zone: Zone) -> String {
            zone.zoneID.zoneName == ZoneID.defaultZoneName ? "" : zone.zoneID.zoneName
        }
        return zones.sorted { order($0) < order($1) }
    }

    /// How many records `zone` holds. CloudKit has no count, and a query reads one record type; the zone's change
    /// feed read from its start, without fields, names every record of every type once, deleted ones flagged.
    func recordCount(in zone: ZoneID) async throws -> Int {
        var names = Set<String>()
        for try await page in client.zoneChangePages(in: zone, desiredKeys: []) {
            for record in page.records {
                guard let name = record.recordName else { continue }
                if record.deleted == true {
                    names.remove(name)
                } else {
                    names.insert(name)
                }
            }
        }
        return names.count
    }

    /// Creates the custom zone `zone`.
    func create(_ zone: ZoneID) async throws -> Zone {
        let (saved, _) = try await client.modifyZones(saving: [zone])
        return try saved.onlyResult(of: "zones/modify")
    }

    /// Deletes `zone` with its records.
    func delete(_ zone: ZoneID) async throws {
        let (_, deleted) = try await client.modifyZones(deleting: [zone])
        _ = try deleted.onlyResult(of: "zones/modify")
    }
}
