import CKModel
import CKSchema
import Foundation
import TerminalKit

/// Creating and deleting record types in development from the record types screen.
extension RecordTypesScreen {
    /// Asks the new type's name (again, with the reason, after a name that cannot be), then creates it.
    func askNewTypeName(host: any ScreenHost, typed: String = "") {
        let prompt = Prompt(title: "New record type", message: "Name of the record type to create in development:", text: typed)
        question = SchemaQuestion(prompt) { [weak self, weak host] name in
            guard let self, let host else { return }
            let name = name.trimmingCharacters(in: .whitespaces)
            if let problem = problem(withNewName: name) {
                host.report(StatusMessage("Cannot create it: \(problem)", kind: .error))
                askNewTypeName(host: host, typed: name)
                return
            }
            pendingSelection = name
            editor.apply([ManagementSchema.Edit(.createRecordType, recordType: name)], describing: "Creating record type \(name)", host: host, reloading: self)
        }
    }

    /// Asks before deleting the selected type, naming its fields, indexes and records; a type with records
    /// needs its name typed.
    func confirmDeletion(host: any ScreenHost) {
        guard let type = list.selected else { return }
        guard type.name != RecordType.usersTypeName else {
            host.report(StatusMessage("Users is built in: every container has it, so it cannot be deleted", kind: .warning))
            return
        }
        let fields = type.fields.filter { !$0.isSystemField }.count
        let indexes = type.fields.reduce(0) { $0 + $1.indexes.count }
        let records = statistics.value?[type.name]?.records
        let recordsText = records.map { "\(type.name) has \(Counting.grouped($0)) record\($0 == 1 ? "" : "s") in development, which can no longer be queried or saved." }
            ?? "Its records in development can no longer be queried or saved."
        let confirmation = Confirmation(
            title: "Delete record type \(type.name)?",
            message: "Deletes \(type.name) from development's schema, with its \(fields) field\(fields == 1 ? "" : "s") and \(indexes) index\(indexes == 1 ? "" : "es"). "
                + recordsText,
            typedName: records == 0 ? nil : type.name)
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            editor.apply([ManagementSchema.Edit(.deleteRecordType, recordType: type.name)], describing: "Deleting record type \(type.name)", host: host, reloading: self)
        }
    }

    /// Why `name` cannot name a new record type here; `nil` when it can.
    private func problem(withNewName name: String) -> String? {
        if let problem = NamingRules.problem(with: name, kind: "record type") { return problem }
        if schema.value?.schema.recordType(named: name) != nil { return "\(name) is a record type of development already" }
        return nil
    }
}
