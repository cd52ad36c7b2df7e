import CKClient
import CKModel

/// The bulk record changes of this dashboard session that `:undo` (or u on a records screen) can revert, newest
/// last: a delete keeps the records it removed (with those its DELETE_SELF references removed) to save them again,
/// an import keeps the names it created to delete them. The files of the deleted records' ASSET fields are kept
/// in `assetFiles` until the journal goes.
final class UndoJournal {
    /// How a change is reverted.
    enum Reversal: Sendable {
        /// Save these records again, in this order (records pointed to before those pointing to them).
        case recreate([Record])
        /// Delete the records of these names.
        case delete(recordNames: [String])
    }

    /// One change that can be reverted.
    struct Entry: Sendable {
        /// What the change did: `deleted 3 Party records (and 12 they held)`.
        var description: String
        /// Where the change was made, and as whom.
        var session: Session
        var reversal: Reversal

        /// What reverting does, for the confirmation.
        var revertDescription: String {
            switch reversal {
            case .recreate(let records) where records.count == 1:
                "Saves the deleted record again" + (session.database == .public ? " as the user who created it" : "")
                    + ", with its fields as they were. " + Self.unrestorable("it")
            case .recreate(let records):
                "Saves the \(Counting.grouped(records.count)) deleted records again" + (session.database == .public ? " as the users who created them" : "")
                    + ", with their fields as they were. " + Self.unrestorable("them")
            case .delete(let names) where names.count == 1: "Deletes the record the import created."
            case .delete(let names): "Deletes the \(Counting.grouped(names.count)) records the import created."
            }
        }

        /// What CloudKit sets itself on a save, which an undo cannot give back to `them`.
        private static func unrestorable(_ them: String) -> String {
            "CloudKit gives \(them) new creation and modification times and change tags: those cannot be restored."
        }
    }

    /// The changes, oldest first.
    private(set) var entries: [Entry] = []
    /// The files of the ASSET fields of the records deleted, for `.recreate` to upload again.
    let assetFiles = KeptAssetFiles()

    /// Records a change that can be reverted.
    func append(_ entry: Entry) {
        entries.append(entry)
    }

    /// Forgets the newest change, once reverted.
    func removeLast() {
        _ = entries.popLast()
    }

    /// Reverts `entry` through `client` (addressed to the entry's session), a batch at a time, uploading the
    /// recreated records' ASSET files again from `assetFiles`; returns how many records were saved or deleted.
    /// In the public database a record is saved again as the user who created it, so that it stays theirs (the
    /// `_creator` grants); one the developer created, whose creator is no longer a user, or that its creator may no
    /// longer create, as the session.
    static func revert(_ entry: Entry, with client: CloudKitClient, assetFiles: KeptAssetFiles, batchSize: Int = 200) async throws -> Int {
        let zone = entry.session.zone
        var done = 0
        switch entry.reversal {
        case .recreate(let records):
            let creators = try await restorableCreators(of: records, in: entry.session, with: client)
            var start = 0
            while start < records.count {
                // Consecutive records of one creator, in the journal's order (records pointed to first).
                let creator = creators[records[start].recordName ?? ""]
                var end = start + 1
                while end < records.count, end - start < batchSize, creators[records[end].recordName ?? ""] == creator { end += 1 }
                let saver = creator.map { client.actingAsUser(recordName: $0) } ?? client
                var batch: [RecordOperation] = []
                for record in records[start..<end] {
                    let saved = try await assetFiles.reuploaded(record, with: saver, in: zone)
                    batch.append(RecordOperation(.forceReplace, Record(recordName: saved.recordName, recordType: saved.recordType, fields: saved.fields, parent: saved.parent)))
                }
                // A record its creator may no longer save (the type's grants changed) is saved as the session instead.
                var refused: [RecordOperation] = []
                for (operation, result) in zip(batch, try await saver.modifyRecords(batch, in: zone, atomically: false)) {
                    switch result {
                    case .success: done += 1
                    case .failure where creator != nil: refused.append(operation)
                    case .failure(let error): throw error
                    }
                }
                if !refused.isEmpty {
                    done += try await client.modifyRecords(refused, in: zone, atomically: false).map { try $0.get() }.count
                }
                start = end
            }
        case .delete(let names):
            // The client sends them CloudKit's 200 at a time.
            let deletions = names.map { RecordOperation(.forceDelete, Record(recordName: $0)) }
            for result in try await client.modifyRecords(deletions, in: zone, atomically: false) {
                switch result {
                case .success: done += 1
                case .failure(let error) where error.serverErrorCode == .notFound: break
                case .failure(let error): throw error
                }
            }
        }
        return done
    }

    /// The users to save `records` again as, by record name: in the public database, each record's creator when
    /// the creator is one of the container's users; none elsewhere (a private database is its owner's), nor without
    /// the management API, which alone lists users and acts as them.
    private static func restorableCreators(of records: [Record], in session: Session, with client: CloudKitClient) async throws -> [String: String] {
        guard session.database == .public, client.reachesManagementAPI else { return [:] }
        // Without the users (a token that may not list them), every record is saved as the session.
        guard let listed = try? await client.addressing(session.container, environment: .development).users() else { return [:] }
        let users = Set(listed.map(\.userRecordName))
        var creators: [String: String] = [:]
        for record in records {
            if let name = record.recordName, let creator = record.created?.userRecordName, users.contains(creator) { creators[name] = creator }
        }
        return creators
    }
}
