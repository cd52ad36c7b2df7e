import CKModel
import CKSchema

extension SchemaEdit {
    /// The edit a management API `Edit` asks for; `BAD_REQUEST` naming what is missing or not understood.
    init(_ edit: ManagementSchema.Edit) throws {
        func required(_ value: String?, _ name: String) throws -> String {
            guard let value, !value.isEmpty else {
                throw ServerError(.badRequest, reason: "\(edit.operationType.rawValue) needs \(name)")
            }
            return value
        }
        func index(_ text: String?) throws -> IndexKind {
            let text = try required(text, "index")
            guard let kind = IndexKind(rawValue: text.uppercased()) else {
                throw ServerError(.badRequest, reason: "\(text) is not an index: use QUERYABLE, SORTABLE or SEARCHABLE")
            }
            return kind
        }
        func grant() throws -> Grant {
            let text = try required(edit.permission, "permission")
            guard let permission = Permission(rawValue: text.uppercased()) else {
                throw ServerError(.badRequest, reason: "\(text) is not a permission: use CREATE, READ or WRITE")
            }
            return Grant(permission, to: try required(edit.role, "role"))
        }
        switch edit.operationType {
        case .createRecordType: self = .createRecordType(try required(edit.recordType, "recordType"))
        case .deleteRecordType: self = .deleteRecordType(try required(edit.recordType, "recordType"))
        case .addField:
            let typeText = try required(edit.fieldType, "fieldType")
            let type: FieldType
            do {
                type = try SchemaParser.parseFieldType(typeText)
            } catch {
                throw ServerError(.badRequest, reason: "\(typeText) is not a field type: \(error.message)")
            }
            let indexes = try (edit.indexes ?? []).map(index)
            self = .addField(
                recordType: try required(edit.recordType, "recordType"), Field(try required(edit.field, "field"), type, indexes: Set(indexes)))
        case .removeField: self = .removeField(recordType: try required(edit.recordType, "recordType"), field: try required(edit.field, "field"))
        case .addIndex:
            self = .addIndex(recordType: try required(edit.recordType, "recordType"), field: try required(edit.field, "field"), try index(edit.index))
        case .dropIndex:
            self = .dropIndex(recordType: try required(edit.recordType, "recordType"), field: try required(edit.field, "field"), try index(edit.index))
        case .createRole: self = .createRole(try required(edit.role, "role"))
        case .deleteRole: self = .deleteRole(try required(edit.role, "role"))
        case .grant: self = .grant(recordType: try required(edit.recordType, "recordType"), try grant())
        case .revoke: self = .revoke(recordType: try required(edit.recordType, "recordType"), try grant())
        }
    }
}
