import CKClient
import CKModel

/// Fetches the zones of the session's database with their sync tokens.
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
}
