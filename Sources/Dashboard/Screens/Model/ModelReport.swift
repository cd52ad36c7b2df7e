import CKCoreData
import CKModel
import CKSchema

/// A model checked against an environment, as the `:model` screen shows it: the problems, and the schema the model
/// mirrors to, from which a missing type or field is added to development.
struct ModelReport: Sendable {
    /// The model's path as the user gave it.
    var path: String
    var environment: ContainerEnvironment
    var problems: [ModelProblem]
    /// The schema the model mirrors to.
    var mirrored: Schema
    /// Development's schema, when the check is against production: what it has already only needs a deploy.
    var development: Schema?

    /// Whether development has what `missing` names already, so that a deploy is all production needs.
    func developmentHas(_ missing: ModelProblem.Missing) -> Bool {
        guard let type = development?.recordType(named: missing.recordType) else { return false }
        return missing.field.map { type.field(named: $0) != nil } ?? true
    }

    /// The edits of development that add what `missing` names: the field, or the record type with its fields, as the
    /// model mirrors them.
    func edits(adding missing: ModelProblem.Missing) -> [ManagementSchema.Edit] {
        guard let type = mirrored.recordType(named: missing.recordType) else { return [] }
        let fields = type.fields.filter { !$0.isSystemField && (missing.field == nil || $0.name == missing.field) }
        let additions = fields.map { field in
            ManagementSchema.Edit(
                .addField, recordType: type.name, field: field.name, fieldType: field.type.description,
                indexes: field.indexes.isEmpty ? nil : field.indexes.sorted().map(\.rawValue))
        }
        return (missing.field == nil ? [ManagementSchema.Edit(.createRecordType, recordType: type.name)] : []) + additions
    }
}
