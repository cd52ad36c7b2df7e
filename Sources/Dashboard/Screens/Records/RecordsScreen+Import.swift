import CKModel
import CKSchema
import TerminalKit

/// The records screen's import: the file's path, the preview with its dry run, then the import in the background
/// with its progress on the status line and its created records in the undo journal.
extension RecordsScreen {
    /// Passes `key` to the import's prompt or preview.
    func handleImport(_ current: Overlay, key: Key, host: any ScreenHost) {
        switch current {
        case .importPath(var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .importPath(prompt)
            case .cancelled: overlay = nil
            case .answered(let path):
                overlay = nil
                openPreview(of: path, host: host)
            }
        case .importPreview(var dialog):
            switch dialog.handle(key) {
            case .consumed: overlay = .importPreview(dialog)
            case .cancelled:
                overlay = nil
                host.report(StatusMessage("Import cancelled: nothing was sent"))
            case .dryRun: startDryRun(dialog, host: host)
            case .importAll:
                overlay = nil
                startImport(dialog.importer, host: host)
            }
        default:
            break
        }
    }

    private func openPreview(of path: String, host: any ScreenHost) {
        guard let type = schema.value?.schema.recordType(named: recordTypeName), !path.isEmpty else { return }
        let importer = RecordFileImport(
            path: path, format: RecordFileFormat.resolved(nil, path: path), recordType: type, client: loader.client, zone: session.zone)
        host.work.start({ try importer.preview() }) { [weak self, weak host] result in
            guard let self else { return }
            switch result {
            case .success(let preview): overlay = .importPreview(ImportPreviewDialog(importer: importer, preview: preview, display: display))
            case .failure(let error): host?.report(StatusMessage("Cannot import: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    private func startDryRun(_ dialog: ImportPreviewDialog, host: any ScreenHost) {
        overlay = .importPreview(dialog)
        host.report(StatusMessage("Dry run: reading \(dialog.importer.path)…"))
        let importer = dialog.importer
        host.work.start({ try await importer.dryRun() }) { [weak self, weak host] result in
            guard let self, case .importPreview(var current)? = overlay else { return }
            switch result {
            case .success(let report):
                current.show(report, display: display)
                overlay = .importPreview(current)
                host?.report(StatusMessage("Dry run done: nothing was sent", kind: .success))
            case .failure(let error):
                host?.report(StatusMessage("Dry run failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    private func startImport(_ importer: RecordFileImport, host: any ScreenHost) {
        let progress = ImportProgress()
        importProgress = progress
        let (session, type) = (session, recordTypeName)
        host.change("Importing \(importer.path) into \(type)", { await importer.run(progress: progress) }) { [weak self, weak host] outcome in
            guard let self, let host else { return }
            importProgress = nil
            if !outcome.created.isEmpty {
                host.undoJournal.append(UndoJournal.Entry(
                    description: "imported \(Counting.counted(outcome.created.count, "\(type) record")) from \(importer.path)", session: session,
                    reversal: .delete(recordNames: outcome.created)))
            }
            host.report(Self.report(of: outcome))
            load(host)
        }
    }

    private static func report(of outcome: RecordFileImport.Outcome) -> StatusMessage {
        var text = "Imported \(Counting.counted(outcome.created.count, "record")), \(Counting.grouped(outcome.existing)) already there"
        if !outcome.problems.isEmpty { text += ", \(Counting.counted(outcome.problems.count, "line")) skipped (\(outcome.problems[0]))" }
        if let stop = outcome.stoppedBy { text += "; stopped: \(stop)" }
        if !outcome.created.isEmpty { text += "; :undo deletes them" }
        let clean = outcome.problems.isEmpty && outcome.stoppedBy == nil
        return StatusMessage(text, kind: outcome.stoppedBy != nil ? .error : clean ? .success : .warning)
    }
}
