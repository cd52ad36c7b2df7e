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
            case .chose(let name?): askAction(field: field, recordName: name)
            case .chose(nil):
                let typed = picker.filter
                overlay = .referenceName(field: field, prompt: Prompt(title: "\(field) points to", message: "The name of the record to point to:", text: typed))
            }
        case .referenceName(let field, var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .referenceName(field: field, prompt: prompt)
            case .cancelled: overlay = nil
            case .answered(let name):
                let name = name.trimmingCharacters(in: .whitespaces)
                if name.isEmpty { overlay = nil } else { askAction(field: field, recordName: name) }
            }
        case .referenceAction(let field, let name, var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .referenceAction(field: field, recordName: name, picker: picker)
            case .cancelled: overlay = nil
            case .chose(let action): apply(.reference(Reference(recordName: name, action: action)), to: field)
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
        case .referenceName(let field, var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .referenceName(field: field, prompt: prompt)
        case .referenceAction(let field, let name, var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .referenceAction(field: field, recordName: name, picker: picker)
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

    /// Fetches the records of `recordType` and lists them for the reference `field` to point to, after the choice
    /// to type a record name (for one beyond the first `candidateLimit`).
    private func openRecordPicker(field: String, recordType: String, host: any ScreenHost) {
        overlay = nil
        let (loader, zone) = (loader, session.zone)
        host.report(StatusMessage("Fetching \(recordType) records…"))
        host.work.start({ try await loader.candidates(ofType: recordType, in: zone) }) { [weak self, weak host] result in
            guard let self else { return }
            switch result {
            case .success(let candidates):
                let first = candidates.count == RecordFormLoader.candidateLimit ? "The first " : ""
                host?.report(StatusMessage("\(first)\(Counting.counted(candidates.count, "\(recordType) record")), and a name to type"))
                let names: [String?] = [nil] + candidates.map(\.recordName)
                let items = [ListItem("(type a record name)")]
                    + candidates.map { ListItem($0.recordName, detail: $0.detail.map { DisplayWidth.truncated($0, toFit: 30) }) }
                let current = draft?.values[field].flatMap { value -> Int? in
                    guard case .reference(let reference) = value else { return nil }
                    return names.firstIndex(of: reference.recordName)
                }
                overlay = .referenceRecord(field: field, picker: Picker(title: "\(field) → \(recordType)", choices: names, items: items, selected: current ?? 1, pinned: 1))
            case .failure(let error):
                host?.report(StatusMessage("Cannot list \(recordType) records: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    /// Asks what the reference `field` to `recordName` does when that record is deleted: nothing, delete this
    /// record too, or keep the target while this points to it; the field's current action comes first.
    private func askAction(field: String, recordName: String) {
        var current = ReferenceAction.none
        if case .reference(let reference)? = draft?.values[field], let action = reference.action { current = action }
        let actions = ReferenceAction.allCases
        let items = actions.map { action in
            switch action {
            case .none: ListItem("NONE", detail: "deleting \(recordName) leaves this reference dangling")
            case .deleteSelf: ListItem("DELETE_SELF", detail: "deleting \(recordName) deletes this record too")
            case .validate: ListItem("VALIDATE", detail: "\(recordName) must exist, and stays while this points to it")
            }
        }
        overlay = .referenceAction(
            field: field, recordName: recordName,
            picker: Picker(title: "\(field) → \(recordName): when it is deleted", choices: actions, items: items, selected: actions.firstIndex(of: current) ?? 0))
    }
}
