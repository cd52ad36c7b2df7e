import CKModel
import CKSchema
import Foundation

/// `records/resolve` and `records/accept`: what a share's URL leads to, and joining the share.
///
/// A user invited to a share, or anyone signed in when the share has a public permission, may see it; accepting
/// makes them an accepted participant, and its zone (or record tree) then appears in their shared database.
public struct ShareService: Sendable {
    /// How often an acceptance is tried again when the share changed under it.
    static let acceptRetries = 5

    let storage: any ServerStorage

    /// Creates the service over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// `records/resolve`: each share's metadata and what the caller is to it.
    public func resolve(_ request: RecordsShares.Request, access: DatabaseAccess) async throws -> RecordsShares.Response {
        try await answer(request, access: access, accepting: false)
    }

    /// `records/accept`: joins each share, then answers as `resolve` does.
    public func accept(_ request: RecordsShares.Request, access: DatabaseAccess) async throws -> RecordsShares.Response {
        try access.requireWriter()
        return try await answer(request, access: access, accepting: true)
    }

    private func answer(_ request: RecordsShares.Request, access: DatabaseAccess, accepting: Bool) async throws -> RecordsShares.Response {
        guard access.database == .public else {
            throw ServerError(.badRequest, reason: "endpoint not applicable in the database type '\(access.database.rawValue)db'")
        }
        try ItemLimit.check(request.shortGUIDs.count, "shares")
        let user = try access.requireUser().userRecordName
        var results: [ItemResult<RecordsShares.ShareMetadata>] = []
        for item in request.shortGUIDs {
            do {
                results.append(.success(try await metadata(item, user: user, access: access, accepting: accepting)))
            } catch let error as ServerError {
                results.append(.failure(error))
            }
        }
        return RecordsShares.Response(results: results)
    }

    private func metadata(_ item: RecordsShares.ShortGUID, user: String, access: DatabaseAccess, accepting: Bool) async throws
        -> RecordsShares.ShareMetadata
    {
        for _ in 0...Self.acceptRetries {
            guard let location = try await storage.shareLocation(shortGUID: item.value, in: access.container.id, environment: access.environment),
                var share = try await storage.records(named: [location.shareName], in: location.zone)[location.shareName],
                var info = share.shareInfo
            else {
                throw ServerError(.notFound, reason: "there is no share \(item.value)")
            }
            let owner = location.zone.ownerRecordName
            var participant = StoredShare.Participant(userRecordName: user, permission: .readWrite, type: .owner, acceptanceStatus: .accepted)
            if user != owner {
                if let invited = info.participant(user), invited.acceptanceStatus != .removed, invited.permission > .none {
                    participant = invited
                } else {
                    guard info.publicPermission > .none else {
                        throw ServerError(.accessDenied, reason: "this share is not shared with you")
                    }
                    participant = .init(userRecordName: user, permission: info.publicPermission, type: .publicUser, acceptanceStatus: .invited)
                }
                if accepting, participant.acceptanceStatus != .accepted {
                    participant.acceptanceStatus = .accepted
                    info.participants = info.participants.filter { $0.userRecordName != user } + [participant]
                    share.shareInfo = info
                    let write = RecordWrite.update(share, RecordIndexing.indexes(of: share, in: .shares), expectedTag: share.changeTag)
                    switch try await storage.apply([write], in: location.zone, atomic: false).first {
                    case .success(let applied)?:
                        share.changeTag = applied.changeTag
                    case .failure(let error)? where error.serverErrorCode == .conflict:
                        continue
                    case .failure(let error)?:
                        throw error
                    case nil:
                        throw ServerError(.internalError, reason: "the acceptance was not written")
                    }
                }
            }
            let zoneID = ZoneService.wireZoneID(location.zone)
            var rootRecord: Record?
            if item.shouldFetchRootRecord == true, let root = info.rootRecordName {
                rootRecord = try await storage.records(named: [root], in: location.zone)[root]?.wireRecord(
                    zoneID: zoneID, desiredKeys: item.rootRecordDesiredKeys, serverURL: access.serverURL, container: access.container.id)
            }
            return RecordsShares.ShareMetadata(
                containerIdentifier: access.container.id.rawValue, environment: access.environment.rawValue,
                databaseScope: user == owner ? "PRIVATE" : "SHARED", shortGUID: info.shortGUID, zoneID: zoneID,
                share: share.wireRecord(zoneID: zoneID, desiredKeys: nil, serverURL: access.serverURL, container: access.container.id, viewer: user),
                rootRecordName: info.rootRecordName, rootRecord: rootRecord,
                ownerIdentity: UserIdentity(userRecordName: owner, lookupInfo: .init(userRecordName: owner)),
                participantPermission: participant.permission, participantStatus: participant.acceptanceStatus, participantType: participant.type,
                webpageURL: SharePageRoutes.address(of: info.shortGUID, serverURL: access.serverURL))
        }
        throw ServerError(.tryAgainLater, reason: "the share kept changing while it was being accepted; try again")
    }
}
