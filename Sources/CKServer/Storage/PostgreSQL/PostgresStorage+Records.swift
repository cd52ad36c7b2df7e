import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: RecordStorage {
    /// Read without a transaction around the two statements (two round trips fewer on every save and lookup):
    /// what a save read is checked again where it writes, and a zone replaced in between reads as one without
    /// the records, as it would a moment later.
    public func forEachRecordRow(named names: [String], in zone: ZoneKey, _ body: (any StoredRecordColumns) throws -> Void) async throws {
        guard !names.isEmpty else { return }
        let rows = try await single { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction) else { return [StoredRecordRow]() }
            return try transaction.rows(Self.namedRecords(Self.recordColumns, zoneID: zoneID, names: names, live: true))
                .map { try Self.storedRow($0).row }
        }
        try rows.forEach(body)
    }

    public func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool, rotating rotation: WebAuthTokenRotation?) async throws
        -> (outcomes: [Result<AppliedWrite, ServerError>], rotated: Bool?)
    {
        try await write { transaction in
            let applied = try RecordBatch(writes: writes, atomic: atomic).apply(in: PostgresZoneTransaction(transaction: transaction, zone: zone))
            if applied.undone {
                // Undoes the batch and leaves an empty transaction open for the commit that ends every write.
                try transaction.execute("ROLLBACK AND CHAIN")
                return (applied.outcomes, nil)
            }
            // Last, so that the sign-in's row is locked only until the commit, not while the save waits for its zone.
            return (applied.outcomes, try rotation.map { try Self.rotate($0, in: transaction) })
        }
    }

    public func pendingReindexes() async throws -> [String] {
        try await read { transaction in
            try transaction.rows("SELECT record_type FROM pending_reindexes ORDER BY record_type").map { try $0.decode(String.self) }
        }
    }

    public func finishPendingReindex(of recordType: String) async throws {
        try await write { transaction in _ = try transaction.execute("DELETE FROM pending_reindexes WHERE record_type = \(recordType)") }
    }

    public func reindex(
        recordType: String, in container: ContainerID, environment: ContainerEnvironment,
        _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes
    ) async throws {
        try await write { transaction in
            // The zones locked, as writers lock them, so that no save's entries are lost between reading a record
            // and replacing its entries.
            let zoneIDs = try transaction.rows("""
                SELECT id FROM zones WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue)
                ORDER BY id FOR UPDATE
                """
            ).map { try $0.decode(Int64.self) }
            for zoneID in zoneIDs {
                // A page of records at a time, so that a type of millions of records never sits in memory at once.
                var after = ""
                while true {
                    let rows = try transaction.rows("""
                        SELECT \(unescaped: Self.recordColumns) FROM records
                        WHERE zone_id = \(zoneID) AND record_type = \(recordType) AND NOT deleted AND record_name > \(after)
                        ORDER BY record_name LIMIT \(Int64(Self.reindexPage))
                        """)
                    let records = try rows.map { try Self.storedRow($0).row.decoded() }
                    try Self.replaceIndexes(of: records.map { ($0, indexes($0)) }, zoneID: zoneID, in: transaction)
                    after = records.last?.recordName ?? after
                    if rows.count < Self.reindexPage { break }
                }
            }
        }
    }

    /// How many records `reindex` reads at a time.
    static let reindexPage = 500

    public func recordTree(from roots: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction) else { return [] }
            // UNION keeps each name once, so a cycle of parents ends.
            return Set(try transaction.rows("""
                WITH RECURSIVE tree(name) AS (
                    SELECT unnest(\(roots)::text[]) COLLATE "C"
                    UNION SELECT records.record_name FROM records JOIN tree ON records.parent_name = tree.name WHERE records.zone_id = \(zoneID)
                )
                SELECT name FROM tree
                """
            ).map { try $0.decode(String.self) })
        }
    }

    public func takenNames(_ names: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction), !names.isEmpty else { return [] }
            let records = try transaction.rows(Self.namedRecords("record_name", zoneID: zoneID, names: names))
            let parents = try transaction.rows("SELECT DISTINCT parent_name FROM records WHERE zone_id = \(zoneID) AND parent_name = ANY(\(names))")
            return Set(try (records + parents).map { try $0.decode(String.self) })
        }
    }

    /// `columns` of the zone's records (only live ones with `live`) named in `names`, each found through the
    /// primary key: one lookup a name, which the planner keeps to even when its statistics are stale after a bulk
    /// load (with `record_name = ANY(…)` it then scanned the whole zone).
    static func namedRecords(_ columns: String, zoneID: Int64, names: [String], live: Bool = false) -> PostgresQuery {
        """
        SELECT found.* FROM unnest(\(names)::text[]) AS wanted(name) CROSS JOIN LATERAL
            (SELECT \(unescaped: columns) FROM records WHERE zone_id = \(zoneID) AND record_name = wanted.name
                \(unescaped: live ? "AND NOT deleted" : "") OFFSET 0) AS found
        """
    }

    /// Puts records' index entries in place of the ones they had (`isNew`: none): a statement for each kind of
    /// entry for them all, and a few more for each upload held and each share.
    static func replaceIndexes(
        of records: [(record: StoredRecord, indexes: RecordIndexes)], zoneID: Int64, in transaction: PostgresTransaction, isNew: Bool = false
    ) throws {
        if !isNew {
            try removeIndexes(of: records.map(\.record.recordName), zoneID: zoneID, in: transaction)
        }
        var pending = PendingRecordRows()
        for (record, indexes) in records {
            pending.index(record, indexes)
            let name = record.recordName
            for receipt in indexes.assetReceipts {
                try transaction.execute("INSERT INTO record_assets (zone_id, record_name, receipt) VALUES (\(zoneID), \(name), \(receipt))")
                try transaction.execute("UPDATE assets SET was_held = TRUE WHERE receipt = \(receipt) AND NOT was_held")
            }
            if let share = record.shareInfo {
                try transaction.execute("""
                    INSERT INTO shares (zone_id, share_name, root_name, short_guid) VALUES (\(zoneID), \(name), \(share.rootRecordName), \(share.shortGUID))
                    """)
                for participant in share.participants where participant.acceptanceStatus != .removed {
                    try transaction.execute("""
                        INSERT INTO share_participants (zone_id, share_name, user_record_name, accepted)
                        VALUES (\(zoneID), \(name), \(participant.userRecordName), \(participant.acceptanceStatus == .accepted))
                        """)
                }
            }
        }
        _ = try pending.write(inZone: zoneID, in: transaction)
    }

    /// Removes records' index entries.
    static func removeIndexes(of recordNames: [String], zoneID: Int64, in transaction: PostgresTransaction) throws {
        // One statement for the six tables: a round trip each cost more than the deletes.
        try transaction.execute("""
            WITH entries AS (DELETE FROM record_index WHERE zone_id = \(zoneID) AND record_name = ANY(\(recordNames))),
                assets AS (DELETE FROM record_assets WHERE zone_id = \(zoneID) AND record_name = ANY(\(recordNames))),
                search AS (DELETE FROM record_search WHERE zone_id = \(zoneID) AND record_name = ANY(\(recordNames))),
                refs AS (DELETE FROM record_references WHERE zone_id = \(zoneID) AND source_name = ANY(\(recordNames))),
                shared AS (DELETE FROM shares WHERE zone_id = \(zoneID) AND share_name = ANY(\(recordNames)))
            DELETE FROM share_participants WHERE zone_id = \(zoneID) AND share_name = ANY(\(recordNames))
            """)
    }

    /// The columns of a record as `storedRow` reads them, by position: the row, and the share whose root it is.
    static let recordColumns = """
        record_name, record_type, change_tag, fields, created_at, created_by, created_device, modified_at, modified_by,
        modified_device, parent_name, share_info, deleted, change_number,
        (SELECT share_name FROM shares WHERE shares.zone_id = records.zone_id AND shares.root_name = records.record_name
            ORDER BY share_name LIMIT 1) AS root_share
        """

    /// A record read from the columns `recordColumns` names, for an answer, with whether it is a tombstone and
    /// its change number.
    static func storedRow(_ row: PostgresRow) throws -> (row: StoredRecordRow, deleted: Bool, changeNumber: Int64) {
        let (name, type, changeTag, fields, createdAt, createdBy, createdDevice, modifiedAt, modifiedBy, modifiedDevice, parent, shareText,
            deleted, changeNumber, rootShare) = try row.decode(
                (String, String, String, String, Int64, String?, String?, Int64, String?, String?, String?, String?, Bool, Int64, String?).self)
        let shareInfo = try shareText.map(StoredText.share(from:))
        let record = StoredRecord(
            recordName: name, recordType: type, changeTag: changeTag, fields: [:],
            created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: createdAt), userRecordName: createdBy, deviceID: createdDevice),
            modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: modifiedAt), userRecordName: modifiedBy, deviceID: modifiedDevice),
            parent: parent, share: rootShare, shareInfo: shareInfo)
        return (StoredRecordRow(record: record, fieldsJSON: Array(fields.utf8)), deleted, changeNumber)
    }
}
