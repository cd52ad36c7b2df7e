import CKClient
import CKModel
import Foundation

/// Lists the shares of a zone or of the whole database with what each shares, and makes, changes and ends
/// shares as their owner; everything through the data API (`records/query` on `cloudkit.share`,
/// `records/resolve`, `records/modify`), so it works on any CloudKit server.
struct SharesLoader: Sendable {
    let client: CloudKitClient

    /// The shares of `zone`, or of every zone of the database when `nil`, each with its root record resolved.
    func shares(in zone: ZoneID?) async throws -> [ListedShare] {
        var records: [Record] = []
        for try await page in client.queryPages(Query(recordType: ShareRecord.recordType), in: zone, zoneWide: zone == nil ? true : nil) {
            records += try page.records.map { try $0.get() }
        }
        let roots = try await roots(of: records.compactMap(\.shortGUID))
        return records.map { record in
            let root = record.shortGUID.flatMap { roots[$0] }
            return ListedShare(
                share: record, zoneID: record.zoneID ?? zone ?? .defaultZone, rootRecordName: root?.rootRecordName,
                rootRecordType: root?.rootRecord?.recordType, link: root?.webpageURL)
        }
    }

    /// The metadata of each short GUID (`records/resolve`, 200 at a time) by short GUID; one that cannot be
    /// resolved is left out.
    private func roots(of shortGUIDs: [String]) async throws -> [String: RecordsShares.ShareMetadata] {
        var metadata: [String: RecordsShares.ShareMetadata] = [:]
        for start in stride(from: 0, to: shortGUIDs.count, by: 200) {
            let batch = shortGUIDs[start..<min(start + 200, shortGUIDs.count)].map {
                RecordsShares.ShortGUID(value: $0, shouldFetchRootRecord: true, rootRecordDesiredKeys: [])
            }
            for case .success(let resolved) in try await client.resolveShares(batch) {
                metadata[resolved.shortGUID] = resolved
            }
        }
        return metadata
    }

    /// Whether the container's users can be listed: only through the management API.
    var listsUsers: Bool { client.reachesManagementAPI }

    /// The container's users by record name, to name participants; empty where the server has no management API.
    func userNames() async -> [String: String] {
        guard listsUsers, let users = try? await client.users() else { return [:] }
        return Dictionary(users.map { ($0.userRecordName, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The container's users, among whom participants are invited.
    func users() async throws -> [ManagementUsers.User] {
        try await client.users()
    }

    /// The custom zones of the database, which shares live in.
    func customZones() async throws -> [ZoneID] {
        try await client.allZones().map { try $0.get().zoneID }.filter { !$0.isDefaultZone }
    }

    /// Shares the whole of `zone` with nobody yet: participants and a public permission come next.
    func shareZone(_ zone: ZoneID) async throws -> Record {
        let share = Record(recordName: ShareRecord.zoneWideName, recordType: ShareRecord.recordType, publicPermission: SharePermission.none, participants: [])
        return try await client.modifyRecords([RecordOperation(.create, share)], in: zone).onlyResult(of: "records/modify")
    }

    /// Shares the record named `recordName` of `zone`, and the records below it, with nobody yet.
    func shareRecord(named recordName: String, in zone: ZoneID) async throws -> Record {
        let root = try await client.lookupRecords(named: [recordName], in: zone, desiredKeys: []).onlyResult(of: "records/lookup")
        let share = Record(
            recordName: "Share-\(UUID().uuidString)", recordType: ShareRecord.recordType,
            forRecord: RecordVersion(recordName: recordName, recordChangeTag: root.recordChangeTag), publicPermission: SharePermission.none,
            participants: [])
        return try await client.modifyRecords([RecordOperation(.create, share)], in: zone).onlyResult(of: "records/modify")
    }

    /// Saves `share` with these invited participants and this public permission, if no one changed it since it
    /// was read (`CONFLICT` otherwise).
    func save(_ share: ListedShare, invited: [ShareParticipant], publicPermission: SharePermission) async throws -> Record {
        let participants = invited.map { participant in
            ShareParticipant(
                userIdentity: UserIdentity(lookupInfo: participant.userIdentity?.lookupInfo ?? .init(userRecordName: participant.userRecordName)),
                permission: participant.permission, type: participant.type == .administrator ? .administrator : .user)
        }
        let changed = Record(
            recordName: share.share.recordName, recordType: ShareRecord.recordType, recordChangeTag: share.share.recordChangeTag,
            publicPermission: publicPermission, participants: participants)
        return try await client.modifyRecords([RecordOperation(.update, changed)], in: share.zoneID).onlyResult(of: "records/modify")
    }

    /// Ends `share`: its participants lose the zone or records at once.
    func stopSharing(_ share: ListedShare) async throws {
        let deletion = Record(recordName: share.share.recordName, recordChangeTag: share.share.recordChangeTag)
        _ = try await client.modifyRecords([RecordOperation(.delete, deletion)], in: share.zoneID).onlyResult(of: "records/modify")
    }
}
