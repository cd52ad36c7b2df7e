import CKModel

/// The pages of a change feed, each requested with the previous page's `syncToken` while `moreComing` is true.
public typealias ChangeSequence<Page: Sendable> = PageSequence<Page>

extension CloudKitClient {
    /// Every page of the records changed in `zone` since `syncToken` (`changes/zone`), up to now; keep the last
    /// page's `syncToken` to resume from there next time.
    /// - Parameters:
    ///   - zone: The zone.
    ///   - syncToken: Where to resume; `nil` reads the zone's whole history.
    ///   - resultsLimit: Records per page (the server's maximum when `nil`).
    ///   - desiredKeys: The fields to return; all when `nil`.
    public func zoneChangePages(
        in zone: ZoneID, since syncToken: String? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil
    ) -> ChangeSequence<ZoneChangesPage> {
        PageSequence(start: syncToken, fetch: { token in
            try await self.zoneChanges(in: zone, since: token, resultsLimit: resultsLimit, desiredKeys: desiredKeys)
        }, cursorAfter: { $0.moreComing ? $0.syncToken : nil })
    }

    /// Every page of the zones changed in this database since `syncToken` (`changes/database`), up to now.
    /// - Parameters:
    ///   - syncToken: Where to resume; `nil` reads from the beginning.
    ///   - resultsLimit: Zones per page (the server's maximum when `nil`).
    public func databaseChangePages(since syncToken: String? = nil, resultsLimit: Int? = nil) -> ChangeSequence<DatabaseChangesPage> {
        PageSequence(start: syncToken, fetch: { token in
            try await self.databaseChanges(since: token, resultsLimit: resultsLimit)
        }, cursorAfter: { $0.moreComing ? $0.syncToken : nil })
    }
}
