import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The record form's editing: the editors of the fields, the reference picker, clearing, saving, and the choices
/// of a conflict.
extension RecordFormScreen {
    /// Opens the editor that fits the selected line: the name of a new record, a field's value, a record to point
    /// to, or a file to upload.
    func editSelected(host: any ScreenHost) {
        guard let draft else { return }
        guard let field = selectedField else {
            guard draft.isNew else {
                host.report(StatusMessage("A record's name cannot change once it is saved", kind: .warning))
                return
            }
            overlay = .recordName(Prompt(title: "Record name", message: "The new record's name (empty: the server names it):", text: draft.recordName))
            return
        }
        switch field.type.valueType {
        case .reference? where !field.type.isList:
            let likely = recordTypes.firstIndex { $0.lowercased() == field.name.lowercased() } ?? 0
            overlay = .referenceType(
                field: field.name,
                picker: Picker(title: "\(field.name) points to a record of type", choices: recordTypes, items: recordTypes.map { ListItem($0) }, selected: likely))
        case .asset? where !field.type.isList:
            overlay = .assetFile(field: field.name, prompt: Prompt(title: "Upload to \(field.name)", message: "The file to upload when the record is saved:", text: draft.assetFiles[field.name] ?? ""))
        default:
            overlay = .value(field: field.name, editor: ValueEditor(field: field, value: draft.values[field.name], timeZone: display.timeZone))
        }
    }

    /// Clears the selected field's value.
    func clearSelected(host: any ScreenHost) {
        guard let field = selectedField else {
            host.report(StatusMessage("Select a field to clear", kind: .warning))
            return
        }
        draft?.set(field.name, to: nil)
        refreshRows()
    }

    /// Sends the draft (or the conflict as resolved); a conflict shows both versions instead of failing.
    func save(host: any ScreenHost) {
        guard var draft else { return }
        if let conflict {
            draft.rebase(on: conflict.serverRecord, values: conflict.resolvedValues)
            self.draft = draft
        } else if !draft.hasChanges, !draft.isNew {
            host.report(StatusMessage("Nothing to save: no field changed"))
            return
        }
        let (loader, zone, saving) = (loader, session.zone, draft)
        let name = draft.recordName.isEmpty ? "the new \(recordTypeName) record" : draft.recordName
        host.change("Saving \(name)", { try await loader.save(saving, in: zone) }) { [weak self, weak host] outcome in
            guard let self else { return }
            switch outcome {
            case .saved(let record):
                hasChangedData = true
                conflict = nil
                self.draft = RecordDraft(editing: record, of: saving.recordType)
                host?.report(StatusMessage("Saved \(record.recordName ?? name) (change tag \(record.recordChangeTag ?? "?"))", kind: .success))
            case .conflict(let serverRecord):
                conflict = RecordConflict(draft: saving, serverRecord: serverRecord)
                host?.report(StatusMessage("\(name) changed on the server since you began: choose per field, then S saves again", kind: .warning))
            }
            refreshRows()
        }
    }

    /// Keeps `side`'s value of the selected field of the conflict.
    func keep(_ side: RecordConflict.Side) {
        guard let row = table.selectedRow else { return }
        conflict?.keep(side, at: row)
        refreshRows()
    }

    /// Passes `key` to the open editor or picker and applies what it chose.
    func handleOverlay(_ current: Overlay, key: Key, host: any ScreenHost) {
        switch current {
        case .value(let field, var editor):
            switch editor.handle(key) {
            case .consumed: overlay = .value(field: field, editor: editor)
            case .cancelled: overlay = nil
            case .applied(let value, _): apply(value, to: field)
            }
        case .referenceType(let field, var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .referenceType(field: field, picker: picker)
            case .cancelled: overlay = nil
            case .chose(let type): openRecordPicker(field: field, recordType: type, host: host)
            }
        case .referenceRecord(let field, var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .referenceRecord(field: field, picker: picker)
            case .cancelled: overlay = nil
            case .chose(let name):
                var action: ReferenceAction?
                if case .reference(let current)? = draft?.values[field] { action = current.action }
                apply(.reference(Reference(recordName: name, action: action)), to: field)
            }
        case .assetFile(let field, var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .assetFile(field: field, prompt: prompt)
            case .cancelled: overlay = nil
            case .answered(let path):
                overlay = nil
                guard !path.isEmpty else { return }
                draft?.attach(file: path, to: field)
                refreshRows()
            }
        case .recordName(var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .recordName(prompt)
            case .cancelled: overlay = nil
            case .answered(let name):
                overlay = nil
                draft?.recordName = name.trimmingCharacters(in: .whitespaces)
                refreshRows()
            }
        }
    }

    /// Draws the open editor or picker over the form.
    func drawOverlay(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        switch overlay {
        case .value(let field, var editor)?:
            editor.draw(in: rect, on: &canvas, theme: theme)
            overlay = .value(field: field, editor: editor)
        case .referenceType(let field, var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .referenceType(field: field, picker: picker)
        case .referenceRecord(let field, var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .referenceRecord(field: field, picker: picker)
        case .assetFile(let field, var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .assetFile(field: field, prompt: prompt)
        case .recordName(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .recordName(prompt)
        case nil:
            break
        }
    }

    private func apply(_ value: FieldValue, to field: String) {
        overlay = nil
        draft?.set(field, to: value)
        refreshRows()
    }

    /// Fetches the records of `recordType` and lists them for the reference `field` to point to.
    private func openRecordPicker(field: String, recordType: String, host: any ScreenHost) {
        overlay = nil
        let (loader, zone) = (loader, session.zone)
        host.report(StatusMessage("Fetching \(recordType) records…"))
        host.work.start({ try await loader.candidates(ofType: recordType, in: zone) }) { [weak self, weak host] result in
            guard let self else { return }
            switch result {
            case .success(let records) where records.isEmpty:
                host?.report(StatusMessage("There are no \(recordType) records to point to", kind: .warning))
            case .success(let records):
                host?.report(StatusMessage("\(records.count == RecordFormLoader.candidateLimit ? "The first " : "")\(Counting.counted(records.count, "\(recordType) record"))"))
                let names = records.compactMap(\.recordName)
                let items = records.map { ListItem($0.recordName ?? "", detail: Self.summary(of: $0, display: display)) }
                let current = draft?.values[field].flatMap { value -> Int? in
                    guard case .reference(let reference) = value else { return nil }
                    return names.firstIndex(of: reference.recordName)
                }
                overlay = .referenceRecord(field: field, picker: Picker(title: "\(field) → \(recordType)", choices: names, items: items, selected: current ?? 0))
            case .failure(let error):
                host?.report(StatusMessage("Cannot list \(recordType) records: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    /// A record's first text field, to tell records apart in the picker.
    private static func summary(of record: Record, display: FieldValueDisplay) -> String? {
        let texts = (record.fields ?? [:]).sorted { $0.key < $1.key }.compactMap { field -> String? in
            if case .string(let text) = field.value { return text } else { return nil }
        }
        return texts.first.map { DisplayWidth.truncated($0, toFit: 30) }
    }
}
