import CKModel
import CKClient
import CKSchema
import TerminalKit

/// The records screen's changes: the record form, marks, deleting with what DELETE_SELF takes along, setting a
/// field of the marked records, and undo.
extension RecordsScreen {
    /// Does one of the actions that change records.
    func performChange(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .newRecord:
            host.open(.recordForm(recordType: recordTypeName, recordName: nil), session: session)
        case .editRecord:
            guard let name = selectedRecordName(toChange: "edit", host: host) else { return }
            host.open(.recordForm(recordType: recordTypeName, recordName: name), session: session)
        case .markRecord:
            guard let name = selectedRecordName(toChange: "mark", host: host), let record = selectedRecord else { return }
            if marked.removeValue(forKey: name) == nil { marked[name] = record }
            _ = table.handle(.down)
        case .deleteRecords:
            let names = marked.isEmpty ? selectedRecordName(toChange: "delete", host: host).map { [$0] } ?? [] : marked.keys.sorted()
            guard !names.isEmpty, let schema = schema.value?.schema else { return }
            RecordDeletion(names: names, recordType: recordTypeName, session: session, client: loader.client, schema: schema)
                .start(host: host) { [weak self, weak host] in
                    guard let self, let host else { return }
                    marked = [:]
                    load(host)
                }
        case .setField:
            openSetField(host: host)
        case .importRecords:
            overlay = .importPath(Prompt(title: "Import into \(recordTypeName)", message: "The JSON lines or CSV file to import:", text: "\(recordTypeName).jsonl"))
        case .undo:
            host.undoLastChange()
        default:
            break
        }
    }

    /// The selected record's name; when there is none (an empty result, or its row still coming), says so.
    private func selectedRecordName(toChange verb: String, host: any ScreenHost) -> String? {
        guard let name = selectedRecord?.recordName else {
            host.report(StatusMessage("No record selected to \(verb)", kind: .warning))
            return nil
        }
        return name
    }

    /// Lists the fields to set on the marked records.
    private func openSetField(host: any ScreenHost) {
        guard !marked.isEmpty else {
            host.report(StatusMessage("Mark records with Space first: = sets a field of every marked record", kind: .warning))
            return
        }
        guard let type = schema.value?.schema.recordType(named: recordTypeName) else { return }
        let fields = type.fields.filter { !$0.isSystemField && $0.type.valueType != .asset }
        overlay = .setFieldPicker(Picker(
            title: "Set which field of \(Counting.counted(marked.count, "record"))?", choices: fields,
            items: fields.map { ListItem($0.name, detail: $0.type.description) }))
    }

    /// Passes `key` to the set-field picker or editor; a value chosen is confirmed, then saved to every marked record.
    func handleSetField(_ current: Overlay, key: Key, host: any ScreenHost) {
        switch current {
        case .setFieldPicker(var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .setFieldPicker(picker)
            case .cancelled: overlay = nil
            case .chose(let field): overlay = .setFieldValue(field: field, editor: ValueEditor(field: field, value: nil, timeZone: display.timeZone))
            }
        case .setFieldValue(let field, var editor):
            switch editor.handle(key) {
            case .consumed: overlay = .setFieldValue(field: field, editor: editor)
            case .cancelled: overlay = nil
            case .applied(let value, _):
                overlay = nil
                confirmSetField(field.name, to: value, host: host)
            }
        default:
            break
        }
    }

    private func confirmSetField(_ field: String, to value: FieldValue, host: any ScreenHost) {
        let records = marked.values.sorted { ($0.recordName ?? "") < ($1.recordName ?? "") }
        let (client, zone) = (loader.client, session.zone)
        let confirmation = Confirmation(
            title: "Set \(field) of \(Counting.counted(records.count, "record"))?",
            message: "Sets \(field) to \(display.text(value)) on every marked \(recordTypeName) record; a record changed on the server since it was "
                + "fetched is left as it is and counted.",
            confirmTitle: "Set")
        host.confirm(confirmation) { [weak self, weak host] in
            host?.change("Setting \(field) of \(Counting.counted(records.count, "record"))", {
                let operations = records.map { record in
                    RecordOperation(.update, Record(recordName: record.recordName, recordType: record.recordType, recordChangeTag: record.recordChangeTag, fields: [field: value]))
                }
                return try await client.modifyRecords(operations, in: zone, atomically: false).filter { (try? $0.get()) == nil }.count
            }) { [weak self, weak host] failed in
                guard let self, let host else { return }
                let saved = records.count - failed
                let kind: StatusMessage.Kind = failed == 0 ? .success : .warning
                host.report(StatusMessage("Set \(field) on \(Counting.counted(saved, "record"))\(failed == 0 ? "" : "; \(failed) changed meanwhile or refused")", kind: kind))
                marked = [:]
                load(host)
            }
        }
    }
}
