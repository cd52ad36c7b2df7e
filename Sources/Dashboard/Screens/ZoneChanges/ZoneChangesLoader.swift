import CKClient
import CKModel

/// Reads a zone's change feed for the live view: where its history has reached now, then the changes after a
/// sync token.
struct ZoneChangesLoader: Sendable {
    let client: CloudKitClient

    /// The sync token of everything `zone` holds now, where the live view starts: the zone's own token, read on
    /// to the end of its history when changes came after it (or when the server gave none), fields left out.
    func currentToken(of zone: ZoneID) async throws -> String {
        guard client.configuration.database != .public else { throw ZoneChangesError.noChangeHistory }
        var token = try await client.lookupZones([zone]).first?.get().syncToken
        for try await page in client.zoneChangePages(in: zone, since: token, desiredKeys: []) {
            token = page.syncToken
        }
        guard let token else { throw ZoneChangesError.noSyncToken(zone.zoneName) }
        return token
    }

    /// One page of the records changed in `zone` since `syncToken`, fields left out.
    func changes(in zone: ZoneID, since syncToken: String?) async throws -> ZoneChangesPage {
        try await client.zoneChanges(in: zone, since: syncToken, desiredKeys: [])
    }
}
