import CKModel
import CKSchema
import Foundation
import TerminalKit

/// Adding and removing fields, and turning their indexes on and off, in development from the fields screen.
extension FieldsScreen {
    /// Asks the new field's name (again, with the reason, after a name that cannot be), then its type.
    func askNewFieldName(host: any ScreenHost, typed: String = "") {
        guard let recordType else { return }
        let prompt = Prompt(title: "Add a field to \(recordTypeName)", message: "Name of the new field:", text: typed)
        question = SchemaQuestion(prompt) { [weak self, weak host] name in
            guard let self, let host else { return }
            let name = name.trimmingCharacters(in: .whitespaces)
            let problem = NamingRules.problem(with: name, kind: "field")
                ?? (recordType.field(named: name) == nil ? nil : "\(recordTypeName) has a field \(name) already")
            if let problem {
                host.report(StatusMessage("Cannot add it: \(problem)", kind: .error))
                askNewFieldName(host: host, typed: name)
                return
            }
            askType(ofNewField: name, host: host)
        }
    }

    /// Asks the new field's type among every type, lists and encrypted forms included, then its indexes.
    private func askType(ofNewField name: String, host: any ScreenHost) {
        let types = FieldTypeChoices.all
        let items = types.map { ListItem($0.description, detail: FieldTypeChoices.detail(for: $0)) }
        question = SchemaQuestion(Picker(title: "Type of \(name)", choices: types, items: items)) { [weak self, weak host] type in
            guard let self, let host else { return }
            let indexes = FieldTypeChoices.indexes(for: type)
            guard !indexes.isEmpty else {
                add(Field(name, type), host: host)
                return
            }
            let checklist = Checklist(title: "Indexes of \(name) (none ticked: none)", available: indexes, ticked: [], name: \.rawValue)
            question = SchemaQuestion(checklist) { [weak self, weak host] ticked in
                guard let self, let host else { return }
                add(Field(name, type, indexes: Set(ticked)), host: host)
            }
        }
    }

    private func add(_ field: Field, host: any ScreenHost) {
        let edit = ManagementSchema.Edit(
            .addField, recordType: recordTypeName, field: field.name, fieldType: field.type.description,
            indexes: field.indexes.isEmpty ? nil : field.indexes.sorted().map(\.rawValue))
        editor.apply([edit], describing: "Adding field \(field.name) to \(recordTypeName)", host: host, reloading: self)
    }

    /// Asks before removing the selected field, naming its type and indexes, once production's schema says it may
    /// go: a field production has can never be removed, which is said instead of asking. System fields stay.
    func confirmRemoval(host: any ScreenHost) {
        guard let field = list.selected else { return }
        guard !field.isSystemField else {
            host.report(StatusMessage("\(field.name) is a system field: every record has it, so it cannot be removed", kind: .warning))
            return
        }
        let (loader, typeName) = (data.loader, recordTypeName)
        host.work.start({ try await loader.productionSchema() }) { [weak self, weak host] result in
            guard let self, let host else { return }
            switch result {
            case .success(let production) where production.recordType(named: typeName)?.field(named: field.name) != nil:
                let reason = SchemaChange(.fieldRemoved(recordType: typeName, field: field.name)).reason ?? ""
                host.report(StatusMessage("Production has \(typeName).\(field.name): \(reason)", kind: .warning))
            case .success:
                askRemoval(of: field, note: nil, host: host)
            case .failure(let error):
                askRemoval(of: field, note: " Production's schema could not be read (\(ErrorMessage.text(for: error))): if it has the field, the server refuses.", host: host)
            }
        }
    }

    /// Asks before removing `field`, naming its type and indexes and adding `note`.
    private func askRemoval(of field: Field, note: String?, host: any ScreenHost) {
        let indexes = field.indexes.isEmpty ? "no index" : field.indexes.sorted().map(\.rawValue).joined(separator: ", ")
        let records = statistics.value?[recordTypeName].map { " \(recordTypeName) has \(Counting.grouped($0.records)) records in development." } ?? ""
        let confirmation = Confirmation(
            title: "Remove field \(field.name) from \(recordTypeName)?",
            message: "Removes \(field.name) (\(field.type), \(indexes)) from \(recordTypeName) in development; queries on it stop working." + records
                + (note ?? ""),
            confirmTitle: "Remove")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let edit = ManagementSchema.Edit(.removeField, recordType: recordTypeName, field: field.name)
            editor.apply([edit], describing: "Removing field \(field.name) from \(recordTypeName)", host: host, reloading: self)
        }
    }

    /// Adds `index` on the selected field, or drops it when the field has it; an index the field's type
    /// cannot carry is refused with the reason.
    func toggle(_ index: IndexKind, host: any ScreenHost) {
        guard let field = list.selected else { return }
        let has = field.indexes.contains(index)
        if !has, let problem = IndexRules.problem(with: index, on: field.type) {
            host.report(StatusMessage("Cannot add \(index.rawValue) on \(field.name): \(problem)", kind: .warning))
            return
        }
        let edit = ManagementSchema.Edit(has ? .dropIndex : .addIndex, recordType: recordTypeName, field: field.name, index: index.rawValue)
        let description = "\(has ? "Dropping" : "Adding") \(index.rawValue) on \(recordTypeName).\(field.name)"
        editor.apply([edit], describing: description, host: host, reloading: self)
    }
}
