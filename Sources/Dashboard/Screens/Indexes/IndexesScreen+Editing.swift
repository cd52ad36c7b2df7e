import CKModel
import CKSchema
import TerminalKit

/// Adding and dropping indexes in development from the indexes screen.
extension IndexesScreen {
    /// Asks the record type of the new index (the selected index's first), then its field.
    func askRecordType(host: any ScreenHost) {
        guard let types = schema.value?.schema.recordTypes.sorted(by: { $0.name < $1.name }), !types.isEmpty else { return }
        let items = types.map { ListItem($0.name, detail: "\(Counting.counted(Self.indexableFields(of: $0).count, "field")) can take another index") }
        let selected = types.firstIndex { $0.name == list.selected?.recordType } ?? 0
        question = SchemaQuestion(Picker(title: "Add an index to", choices: types, items: items, selected: selected)) { [weak self, weak host] type in
            guard let self, let host else { return }
            askField(of: type, host: host)
        }
    }

    /// Asks the field among those that can carry an index they have not got, then the kind.
    private func askField(of type: RecordType, host: any ScreenHost) {
        let fields = Self.indexableFields(of: type)
        guard !fields.isEmpty else {
            host.report(StatusMessage("Every field of \(type.name) has every index its type can carry", kind: .warning))
            return
        }
        let items = fields.map { ListItem($0.name, detail: "\($0.type) · can add " + FieldTypeChoices.indexes(for: $0.type, besides: $0.indexes).map(\.rawValue).joined(separator: " ")) }
        question = SchemaQuestion(Picker(title: "Field of \(type.name)", choices: fields, items: items)) { [weak self, weak host] field in
            guard let self, let host else { return }
            askKind(on: field, of: type.name, host: host)
        }
    }

    /// The fields of `type` (system fields too) that can carry an index they have not got.
    private static func indexableFields(of type: RecordType) -> [Field] {
        FieldRows.fields(of: type).filter { !FieldTypeChoices.indexes(for: $0.type, besides: $0.indexes).isEmpty }
    }

    /// Asks the kind of index among those the field's type can carry and it has not got, then adds it.
    private func askKind(on field: Field, of recordType: String, host: any ScreenHost) {
        let kinds = FieldTypeChoices.indexes(for: field.type, besides: field.indexes)
        let items = kinds.map { ListItem($0.rawValue, detail: IndexRows.queries(servedBy: $0, on: field.name)) }
        question = SchemaQuestion(Picker(title: "Index on \(recordType).\(field.name)", choices: kinds, items: items)) { [weak self, weak host] kind in
            guard let self, let host else { return }
            let edit = ManagementSchema.Edit(.addIndex, recordType: recordType, field: field.name, index: kind.rawValue)
            editor.apply([edit], describing: "Adding \(kind.rawValue) on \(recordType).\(field.name)", host: host, reloading: self)
        }
    }

    /// Asks before dropping the selected index, naming what it stores and the queries that then fail.
    func confirmDrop(host: any ScreenHost) {
        guard let entry = list.selected else { return }
        let stored = statistics.value.flatMap { IndexRows.stored(entry, in: $0) }
        let size = stored.map { " (\(Counting.grouped($0.entries)) entries, \(Counting.size($0.bytes)))" } ?? ""
        let confirmation = Confirmation(
            title: "Drop \(entry.kind.rawValue) on \(entry.recordType).\(entry.field.name)?",
            message: "Drops the index\(size) from development; \(IndexRows.queries(servedBy: entry.kind, on: entry.field.name)) then fail.",
            confirmTitle: "Drop")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let edit = ManagementSchema.Edit(.dropIndex, recordType: entry.recordType, field: entry.field.name, index: entry.kind.rawValue)
            editor.apply([edit], describing: "Dropping \(entry.kind.rawValue) on \(entry.recordType).\(entry.field.name)", host: host, reloading: self)
        }
    }
}
