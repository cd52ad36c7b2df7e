import CKModel
import PostgresNIO

/// `ZoneWriteTransaction` in PostgreSQL: the statements `RecordBatch` runs in an open transaction on `zone`.
///
/// Writers of one zone take turns on its row (`zoneRowID` locks it until the commit), which keeps its change
/// numbers gapless and in commit order, so a change feed read through any server never skips a change, and makes
/// each writer's conditional writes see what the one before it committed.
///
/// New records of names whose state `prepareInserts` read are held back (`PendingRecordRows`) and written together
/// before any other statement.
final class PostgresZoneTransaction: ZoneWriteTransaction {
    let transaction: PostgresTransaction
    let zone: ZoneKey
    /// What each name the batch writes has, for the names whose state is known: a live record, a tombstone, or
    /// nothing (absent).
    private var known: [String: RowState] = [:]
    private var pending = PendingRecordRows()
    /// The names of the new records held back.
    private var held: Set<String> = []
    private var zoneID: Int64 = 0
    /// The zone's last change number as `zoneRowID` read it with the lock, until `lastChange` takes it.
    private var lastChangeRead: (zoneID: Int64, lastChange: Int64)?

    /// What a record name has in the zone.
    private enum RowState {
        case absent, live, tombstone
    }

    init(transaction: PostgresTransaction, zone: ZoneKey) {
        self.transaction = transaction
        self.zone = zone
    }

    func prepareInserts(of recordNames: [String], inZone zoneID: Int64) throws {
        try writePending()
        self.zoneID = zoneID
        guard !recordNames.isEmpty else { return }
        var found = Dictionary(recordNames.map { ($0, RowState.absent) }, uniquingKeysWith: { first, _ in first })
        for row in try transaction.rows(PostgresStorage.namedRecords("record_name, deleted", zoneID: zoneID, names: recordNames)) {
            let (name, deleted) = try row.decode((String, Bool).self)
            found[name] = deleted ? .tombstone : .live
        }
        known = found
    }

    /// Whether all a record holds besides its row is entries `PendingRecordRows` writes too: no upload, no share.
    private static func holdsEntriesOnly(_ record: StoredRecord, _ indexes: RecordIndexes) -> Bool {
        indexes.assetReceipts.isEmpty && record.shareInfo == nil
    }

    /// Writes the records held back, before a statement that may read or change them.
    private func writePending() throws {
        guard !pending.isEmpty else { return }
        let count = pending.recordCount
        let written = try pending.write(inZone: zoneID, in: transaction)
        held = []
        guard written == count else {
            throw ServerError(.internalError, reason: "\(count - written) of \(count) new records met a live record of their name")
        }
    }

    /// The zone's row ID, its row locked until the commit: writers of one zone take turns from their first
    /// statement, so each reads the records as the one before it left them.
    func zoneRowID() throws -> Int64? {
        guard let row = try transaction.rows(.zone("SELECT id, last_change FROM zones", zone, lockingRow: true)).first else { return nil }
        let (id, lastChange) = try row.decode((Int64, Int64).self)
        lastChangeRead = (id, lastChange)
        return id
    }

    func createZoneRow() throws -> Int64 {
        // Another server may have created the row since `zoneRowID`: then its ID.
        guard let id = try PostgresStorage.createZoneRow(zone, in: transaction) ?? zoneRowID() else {
            throw ServerError(.zoneNotFound, reason: "the zone \(zone.zoneName) was deleted while it was written to")
        }
        return id
    }

    func lastChange(ofZone zoneID: Int64) throws -> Int64 {
        defer { lastChangeRead = nil }
        if let read = lastChangeRead, read.zoneID == zoneID { return read.lastChange }
        try writePending()
        return try transaction.rows("SELECT last_change FROM zones WHERE id = \(zoneID)").first?.decode(Int64.self) ?? 0
    }

    func finish(zone zoneID: Int64, lastChange: Int64, changed: Bool) throws {
        try writePending()
        guard changed else {
            try transaction.execute("UPDATE zones SET last_change = \(lastChange) WHERE id = \(zoneID)")
            return
        }
        try PostgresStorage.markChanged(zoneID: zoneID, zone, lastChange: lastChange, in: transaction)
    }

    func liveChangeTag(of recordName: String, inZone zoneID: Int64) throws -> String? {
        try writePending()
        return try transaction.rows("SELECT change_tag FROM records WHERE zone_id = \(zoneID) AND record_name = \(recordName) AND NOT deleted")
            .first?.decode(String.self)
    }

    func liveRecord(named recordName: String, inZone zoneID: Int64) throws -> StoredRecord? {
        try writePending()
        return try transaction.rows("""
            SELECT \(unescaped: PostgresStorage.recordColumns) FROM records WHERE zone_id = \(zoneID) AND record_name = \(recordName) AND NOT deleted
            """
        ).first.map { try PostgresStorage.storedRow($0).row.decoded() }
    }

    func insert(_ record: StoredRecord, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        if zoneID == self.zoneID, let state = known[record.recordName] {
            guard state != .live else { return false }
            pending.insert(record, changeTag: changeTag, changeNumber: changeNumber, mayMeetRow: state == .tombstone)
            known[record.recordName] = .live
            held.insert(record.recordName)
            return true
        }
        try writePending()
        // One statement inserts the record or revives its tombstone, and leaves a live record alone.
        var single = PendingRecordRows()
        single.insert(record, changeTag: changeTag, changeNumber: changeNumber, mayMeetRow: true)
        return try single.write(inZone: zoneID, in: transaction) == 1
    }

    func update(_ record: StoredRecord, expectedTag: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        try writePending()
        return try transaction.execute("""
            UPDATE records SET record_type = \(record.recordType), change_tag = \(changeTag), fields = \(StoredText.fields(record.fields)),
                modified_at = \(record.modified.timestamp.millisecondsSince1970), modified_by = \(record.modified.userRecordName),
                modified_device = \(record.modified.deviceID), change_number = \(changeNumber), parent_name = \(record.parent),
                share_info = \(try StoredText.share(record.shareInfo))
            WHERE zone_id = \(zoneID) AND record_name = \(record.recordName) AND change_tag = \(expectedTag) AND NOT deleted
            """) == 1
    }

    func tombstone(_ recordName: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws {
        try writePending()
        if known[recordName] != nil {
            known[recordName] = .tombstone
        }
        try transaction.execute("""
            UPDATE records SET deleted = TRUE, fields = '{}', share_info = NULL, change_tag = \(changeTag), change_number = \(changeNumber)
            WHERE zone_id = \(zoneID) AND record_name = \(recordName)
            """)
    }

    func references(to target: String, inZone zoneID: Int64) throws -> [(source: String, action: ReferenceAction)] {
        try writePending()
        return try transaction.rows("SELECT source_name, action FROM record_references WHERE zone_id = \(zoneID) AND target_name = \(target)")
            .compactMap { row in
                let (source, action) = try row.decode((String, String).self)
                return ReferenceAction(rawValue: action).map { (source, $0) }
            }
    }

    func replaceIndexes(of record: StoredRecord, with indexes: RecordIndexes, isNew: Bool, inZone zoneID: Int64) throws {
        if isNew, held.contains(record.recordName), Self.holdsEntriesOnly(record, indexes) {
            return pending.index(record, indexes)
        }
        try writePending()
        try PostgresStorage.replaceIndexes(of: [(record, indexes)], zoneID: zoneID, in: transaction, isNew: isNew)
    }

    func removeIndexes(of recordName: String, inZone zoneID: Int64) throws {
        try writePending()
        try PostgresStorage.removeIndexes(of: [recordName], zoneID: zoneID, in: transaction)
    }

    func undoable(_ body: () throws -> Bool) throws {
        try writePending()
        try transaction.execute("SAVEPOINT undoable")
        let keep = try body()
        try writePending()
        if keep {
            try transaction.execute("RELEASE SAVEPOINT undoable")
        } else {
            try transaction.execute("ROLLBACK TO SAVEPOINT undoable")
            try transaction.execute("RELEASE SAVEPOINT undoable")
            // What the body changed is undone: the states read before may no longer hold.
            known = [:]
        }
    }
}
