import CKModel
import CKSchema
import Foundation

/// Reads and writes records under CloudKit's rules: schema, permissions, change tags and zones.
public struct RecordService: Sendable {
    /// The most operations or records one request may carry.
    public static let maximumOperations = 200
    /// The largest a record's fields may be, encoded.
    public static let maximumRecordSize = 1_000_000
    /// The most fields a record type may have, system fields included. CloudKit documents no number (256 is
    /// quoted second-hand); this is four times that, so that nothing CloudKit takes is refused, and it bounds
    /// what one save may cost.
    public static let maximumFieldsPerRecordType = 1_024

    let storage: any ServerStorage
    /// Where saves and deletes are matched against subscriptions; `nil` sends no notifications.
    let notifications: NotificationService?
    /// Removes the files that records stop holding; `nil` leaves them for a later collection.
    let assets: AssetService?

    /// Creates the service over a storage, notifying subscriptions through `notifications` and removing
    /// unheld asset files through `assets` when given.
    public init(storage: any ServerStorage, notifications: NotificationService? = nil, assets: AssetService? = nil) {
        self.storage = storage
        self.notifications = notifications
        self.assets = assets
    }

    /// `records/lookup`: the records by name, in request order, each a record or a per-record error.
    /// Each record goes from storage to the answer as it is read, without a value made for it.
    func lookup(_ request: RecordsLookup.Request, access: DatabaseAccess) async throws -> RecordsAnswer {
        try ItemLimit.check(request.records.count, "records")
        let zone = try await storage.existingZone(request.zoneID, for: access)
        let permission = ReadPermission(access, schema: try await currentSchema(access))
        var answer = LookupAnswerWriter(
            items: request.records, zoneID: ZoneService.wireZoneID(zone.key),
            options: RecordAnswerOptions(desiredKeys: request.desiredKeys, numbersAsStrings: request.numbersAsStrings, access: access))
        try await storage.forEachRecordRow(named: answer.names, in: zone.key) { row in
            let name = row.text(.name)
            guard zone.scope?.contains(name) ?? true else { return }
            if let refusal = permission?.refusal(of: name, type: row.text(.type), creator: row.optionalText(.createdBy)) {
                answer.refuse(name, refusal)
            } else {
                try answer.write(row, named: name)
            }
        }
        return RecordsAnswer(records: answer.finished())
    }

    /// The live records with these names in the zone, each the record or `ACCESS_DENIED` when the caller may
    /// not read it (READ grants, in the public database); names without a record, or outside what a shared
    /// zone's shares cover, are left out.
    func readableRecords(named names: [String], in zone: ReachedZone, access: DatabaseAccess) async throws
        -> [String: Result<StoredRecordRow, ServerError>]
    {
        let found = try await storage.recordRows(named: names, in: zone.key).filter { zone.scope?.contains($0.key) ?? true }
        let permission = ReadPermission(access, schema: try await currentSchema(access))
        return found.mapValues { row in
            let record = row.record
            if let refusal = permission?.refusal(of: record.recordName, type: record.recordType, creator: record.created.userRecordName) {
                return .failure(refusal)
            }
            return .success(row)
        }
    }

    /// The schema of the environment a request reaches.
    func currentSchema(_ access: DatabaseAccess) async throws -> Schema {
        try await storage.schemas(of: access.container.id).schema(of: access.environment)
    }
}
