import CKClient
import CKModel
import CKSchema
import TerminalKit

/// Deleting records from the records or record screen: works out what DELETE_SELF references take along, asks
/// with the whole count named, deletes, and keeps every removed record in the undo journal.
struct RecordDeletion {
    /// The records to delete.
    let names: [String]
    /// Their type, for the messages.
    let recordType: String
    let session: Session
    let client: CloudKitClient
    let schema: Schema

    /// Plans, confirms and deletes; `done` runs once the records are gone.
    func start(host: any ScreenHost, done: @escaping () -> Void) {
        let (names, zone, schema, client) = (names, session.zone, schema, client)
        host.report(StatusMessage("Looking for the records DELETE_SELF references take along…"))
        host.work.start({ try await DeletionPlan.plan(deleting: names, in: zone, schema: schema, client: client) }) { [weak host] result in
            guard let host else { return }
            switch result {
            case .success(let plan):
                host.report(StatusMessage(""))
                confirm(plan, host: host, done: done)
            case .failure(let error):
                host.report(StatusMessage("Cannot delete: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    private func confirm(_ plan: DeletionPlan, host: any ScreenHost, done: @escaping () -> Void) {
        let subject = plan.targets.count == 1 ? (plan.targets[0].recordName ?? "") : Counting.counted(plan.targets.count, "\(recordType) record")
        var message = "Deletes \(names.count == 1 ? "\(recordType) record \(subject)" : "\(subject): \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", …" : "")")."
        if plan.dependents.isEmpty {
            message += "\nNo DELETE_SELF reference points to \(names.count == 1 ? "it" : "them")."
        } else {
            let atLeast = plan.dependents.count >= DeletionPlan.dependentLimit ? "at least " : ""
            message += "\nDELETE_SELF references also delete \(atLeast)\(Counting.counted(plan.dependents.count, "record")): \(plan.dependentsByType)."
        }
        if !plan.unsearchedFields.isEmpty {
            message += "\nNot searched (not QUERYABLE): \(plan.unsearchedFields.joined(separator: ", "))."
        }
        message += "\n:undo saves them all again."
        let summary = Summary(
            total: plan.targets.count + plan.dependents.count,
            description: "deleted \(subject)" + (plan.dependents.isEmpty ? "" : " and \(Counting.counted(plan.dependents.count, "record")) with it"))
        host.confirm(Confirmation(title: "Delete \(subject)?", message: message)) { [weak host] in
            guard let host else { return }
            delete(plan, summary, acceptingUnkeptFiles: false, host: host, done: done)
        }
    }

    /// How many records a delete removes, and how the undo journal names it.
    private struct Summary {
        var total: Int
        var description: String
    }

    /// How a delete ended: made (with the files that could not be kept for undo, which the user agreed to lose), or
    /// held back because some files could not be kept and the user has not agreed yet.
    private enum Outcome: Sendable {
        case deleted(unkept: [KeptAssetFiles.Unkept])
        case heldBack(unkept: [KeptAssetFiles.Unkept])
    }

    /// Keeps the records' ASSET files for undo, then deletes; when some cannot be kept, asks before deleting
    /// without them.
    private func delete(_ plan: DeletionPlan, _ summary: Summary, acceptingUnkeptFiles: Bool, host: any ScreenHost, done: @escaping () -> Void) {
        let (client, zone, names, session, assetFiles) = (client, session.zone, names, session, host.undoJournal.assetFiles)
        host.change("Deleting \(Counting.counted(summary.total, "record"))", { () async throws -> Outcome in
            let unkept = await assetFiles.keep(filesOf: plan.allRecords, with: client)
            guard unkept.isEmpty || acceptingUnkeptFiles else { return .heldBack(unkept: unkept) }
            _ = try await client.modifyRecords(deleting: names, in: zone, atomically: false).deleteResults.map { try $0.get() }
            return .deleted(unkept: unkept)
        }) { [weak host] outcome in
            guard let host else { return }
            switch outcome {
            case .heldBack(let unkept):
                let files = unkept.count == 1 ? "this file" : "these files"
                let listed = unkept.prefix(3).map(\.description).joined(separator: "; ") + (unkept.count > 3 ? "; …" : "")
                let message = "\(Counting.counted(unkept.count, "ASSET file")) cannot be kept for :undo: \(listed).\n"
                    + "Deleting anyway, :undo saves the records again without \(unkept.count == 1 ? "it" : "them")."
                host.confirm(Confirmation(title: "Delete without \(files)?", message: message, confirmTitle: "Delete")) { [weak host] in
                    guard let host else { return }
                    delete(plan, summary, acceptingUnkeptFiles: true, host: host, done: done)
                }
            case .deleted(let unkept):
                host.undoJournal.append(UndoJournal.Entry(description: summary.description, session: session, reversal: .recreate(plan.allRecords)))
                let without = unkept.isEmpty ? "" : " without \(Counting.counted(unkept.count, "file"))"
                host.report(StatusMessage(
                    "Deleted \(Counting.counted(summary.total, "record")): :undo (or u) saves them again\(without)", kind: unkept.isEmpty ? .success : .warning))
                done()
            }
        }
    }
}
