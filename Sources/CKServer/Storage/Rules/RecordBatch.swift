import CKModel

/// CloudKit's rules for applying a batch of record writes to one zone, run inside an engine's write transaction
/// (`ZoneWriteTransaction`): only a default zone is created by its first write; each write takes the zone's next
/// change number; a save of a changed record is a CONFLICT, of a gone one NOT_FOUND; a VALIDATE reference needs
/// its target, which cannot be deleted while referenced; a delete takes the records referencing it with
/// DELETE_SELF along; and an atomic batch is all or nothing.
struct RecordBatch {
    let writes: [RecordWrite]
    let atomic: Bool

    /// One outcome per write, and whether the engine must undo the whole transaction (an atomic batch failed).
    func apply(in transaction: some ZoneWriteTransaction) throws -> (outcomes: [Result<AppliedWrite, ServerError>], undone: Bool) {
        let zone = transaction.zone
        guard let zoneRow = try transaction.zoneRowID() ?? (zone.isDefaultZone ? transaction.createZoneRow() : nil) else {
            throw ServerError(.zoneNotFound, reason: "there is no zone \(zone.zoneName)")
        }
        try transaction.prepareInserts(of: writes.compactMap { if case .insert(let record, _) = $0 { record.recordName } else { nil } }, inZone: zoneRow)
        var lastChange = try transaction.lastChange(ofZone: zoneRow)
        var outcomes: [Result<AppliedWrite, ServerError>] = []
        for (index, write) in writes.enumerated() {
            var changeAfter = lastChange
            var outcome: Result<Int64, ServerError> = .success(0)
            var cascaded: [StoredRecord] = []
            if case .delete = write {
                // A delete's cascade may fail half way: undo what it did.
                try transaction.undoable {
                    outcome = try apply(write, zone: zoneRow, lastChange: &changeAfter, cascaded: &cascaded, in: transaction)
                    if case .failure = outcome { return false }
                    return true
                }
            } else {
                // Saves check everything before their first statement, so a refused one wrote nothing.
                outcome = try apply(write, zone: zoneRow, lastChange: &changeAfter, cascaded: &cascaded, in: transaction)
            }
            switch outcome {
            case .failure(let failure):
                if atomic {
                    return (RecordRefusal.atomicBatch(writes.map(\.recordName), failedAt: index, with: failure).map { .failure($0) }, true)
                }
                outcomes.append(.failure(failure))
            case .success(let ownChange):
                lastChange = changeAfter
                outcomes.append(.success(AppliedWrite(changeTag: ChangeTag.of(change: ownChange, zoneRowID: zoneRow), cascaded: cascaded)))
            }
        }
        let changed = outcomes.contains { if case .success = $0 { true } else { false } }
        try transaction.finish(zone: zoneRow, lastChange: lastChange, changed: changed)
        return (outcomes, false)
    }

    /// Applies one write, taking change numbers after `lastChange` (a delete's cascade takes one per record,
    /// and collects the records it removes in `cascaded`), and returns the change number of the written record
    /// itself, or why the write is refused.
    private func apply(
        _ write: RecordWrite, zone: Int64, lastChange: inout Int64, cascaded: inout [StoredRecord], in transaction: some ZoneWriteTransaction
    ) throws -> Result<Int64, ServerError> {
        switch write {
        case .insert(let record, let indexes):
            if let failure = try missingValidatedTarget(of: record, indexes, zone: zone, in: transaction) {
                return .failure(failure)
            }
            let change = lastChange + 1
            guard try transaction.insert(record, changeTag: ChangeTag.of(change: change, zoneRowID: zone), changeNumber: change, inZone: zone) else {
                return .failure(RecordRefusal.exists(record.recordName))
            }
            lastChange = change
            // A tombstone lost its index entries when it was deleted, so the record has none to replace.
            try transaction.replaceIndexes(of: record, with: indexes, isNew: true, inZone: zone)
            return .success(change)
        case .update(let record, let indexes, let expectedTag):
            if let failure = try missingValidatedTarget(of: record, indexes, zone: zone, in: transaction) {
                return .failure(failure)
            }
            let change = lastChange + 1
            guard try transaction.update(
                record, expectedTag: expectedTag, changeTag: ChangeTag.of(change: change, zoneRowID: zone), changeNumber: change, inZone: zone)
            else { return .failure(try missingOrChanged(record.recordName, zone: zone, in: transaction)) }
            lastChange = change
            try transaction.replaceIndexes(of: record, with: indexes, isNew: false, inZone: zone)
            return .success(change)
        case .delete(let recordName, let expectedTag):
            guard try transaction.liveChangeTag(of: recordName, inZone: zone) == expectedTag else {
                return .failure(try missingOrChanged(recordName, zone: zone, in: transaction))
            }
            let own = lastChange + 1
            if let failure = try cascadeDelete(recordName, zone: zone, lastChange: &lastChange, cascaded: &cascaded, in: transaction) {
                return .failure(failure)
            }
            return .success(own)
        }
    }

    /// Deletes a record and, through DELETE_SELF references, every record that depends on it (a worklist, so a
    /// long chain needs no deep recursion); refused while a VALIDATE reference from a record that stays points
    /// at one of them.
    private func cascadeDelete(
        _ recordName: String, zone: Int64, lastChange: inout Int64, cascaded: inout [StoredRecord], in transaction: some ZoneWriteTransaction
    ) throws -> ServerError? {
        var pending = [recordName]
        var deleted = Set<String>()
        var validated: [(source: String, target: String)] = []
        while let name = pending.popLast() {
            guard deleted.insert(name).inserted else { continue }
            if name == recordName {
                guard try transaction.liveChangeTag(of: name, inZone: zone) != nil else { continue }
            } else {
                guard let record = try transaction.liveRecord(named: name, inZone: zone) else { continue }
                cascaded.append(record)
            }
            lastChange += 1
            try transaction.tombstone(name, changeTag: ChangeTag.of(change: lastChange, zoneRowID: zone), changeNumber: lastChange, inZone: zone)
            try transaction.removeIndexes(of: name, inZone: zone)
            for (source, action) in try transaction.references(to: name, inZone: zone) {
                switch action {
                case .deleteSelf: pending.append(source)
                case .validate: validated.append((source, name))
                case .none: break
                }
            }
        }
        if let (source, target) = validated.first(where: { !deleted.contains($0.source) }) {
            return RecordRefusal.heldTarget(target, by: source, deleting: recordName)
        }
        return nil
    }

    /// The error for a VALIDATE reference whose target does not exist, or `nil` when every target does.
    private func missingValidatedTarget(of record: StoredRecord, _ indexes: RecordIndexes, zone: Int64, in transaction: some ZoneWriteTransaction)
        throws -> ServerError?
    {
        for reference in indexes.references where reference.action == .validate && reference.targetRecordName != record.recordName {
            if try transaction.liveChangeTag(of: reference.targetRecordName, inZone: zone) == nil {
                return RecordRefusal.missingTarget(reference.targetRecordName, of: record.recordName)
            }
        }
        return nil
    }

    /// Why a conditional write matched no record: it is gone, or another save changed it first.
    private func missingOrChanged(_ recordName: String, zone: Int64, in transaction: some ZoneWriteTransaction) throws -> ServerError {
        try transaction.liveChangeTag(of: recordName, inZone: zone) != nil ? RecordRefusal.conflict(recordName) : RecordRefusal.notFound(recordName)
    }
}
