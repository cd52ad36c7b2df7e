import CKModel
import CKSchema

/// Checks records against the schema of their environment, and in development grows the schema to fit them
/// (just-in-time schema): an unknown type or field is created from the first value saved, indexed so that
/// development can query anything (QUERYABLE, and SORTABLE where the type sorts; a new type gets
/// `___recordID` QUERYABLE and CloudKit's default grants). Production never changes from a save.
enum SchemaEnforcement {
    /// Admits a record of `recordType` with `fields` into `schema`, extending it in development; throws the
    /// per-record `BAD_REQUEST` CloudKit gives for what does not fit. It takes time linear in the number of fields:
    /// `known` keeps each type's fields by name across the records of a request, kept up to date here.
    static func admit(
        recordType typeName: String, fields: [String: FieldValue], into schema: inout Schema, environment: ContainerEnvironment,
        known: inout [String: [String: Field]]
    ) throws {
        if let problem = NamingRules.problem(with: typeName, kind: "record type") {
            throw ServerError(.badRequest, reason: problem)
        }
        guard fields.count <= RecordService.maximumFieldsPerRecordType else {
            throw ServerError(.badRequest, reason: "the record has \(fields.count) fields; a record type may have at most \(RecordService.maximumFieldsPerRecordType)")
        }
        for name in fields.keys.sorted() {
            if let problem = NamingRules.problem(with: name, kind: "field") {
                throw ServerError(.badRequest, reason: problem)
            }
        }
        let typeIndex: Int
        if let index = schema.recordTypes.firstIndex(where: { $0.name == typeName }) {
            typeIndex = index
        } else {
            guard environment == .development else {
                throw ServerError(.badRequest, reason: "Cannot create new type \(typeName) in production schema")
            }
            schema.recordTypes.append(RecordType.created(typeName))
            typeIndex = schema.recordTypes.count - 1
        }
        let fieldsOfType = known[typeName] ?? schema.recordTypes[typeIndex].fieldsByName
        known[typeName] = fieldsOfType
        var added: [Field] = []
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if let field = fieldsOfType[name] {
                guard fits(value, field.type) else {
                    // A number without its type reads as INT64: MistKit sends TIMESTAMP values so.
                    let hint = field.type.valueType == .timestamp && value.valueType == .int64
                        ? "; send {\"value\": <milliseconds>, \"type\": \"TIMESTAMP\"}" : ""
                    throw ServerError(.badRequest, reason: "Invalid value, expected type \(field.type) for field '\(name)'\(hint)")
                }
            } else {
                guard environment == .development else {
                    throw ServerError(.badRequest, reason: "Cannot create new field '\(name)' in production schema")
                }
                added.append(Field.justInTime(name, for: value))
            }
        }
        let total = schema.recordTypes[typeIndex].fields.count + added.count
        guard added.isEmpty || total <= RecordService.maximumFieldsPerRecordType else {
            throw ServerError(.badRequest, reason: "the record type \(typeName) would have \(total) fields; a record type may have at most \(RecordService.maximumFieldsPerRecordType)")
        }
        schema.recordTypes[typeIndex].fields += added
        for field in added {
            known[typeName, default: [:]][field.name] = field
        }
    }

    /// Whether a value can be stored in a field of `type`; a whole number fits a DOUBLE field (see `coerced`).
    static func fits(_ value: FieldValue, _ type: FieldType) -> Bool {
        let isList = if case .list = value { true } else { false }
        guard isList == type.isList else { return false }
        if case .number(nil) = type.primitive {
            return value.valueType == .int64 || value.valueType == .double
        }
        return value.valueType == type.valueType || (value.valueType == .int64 && type.valueType == .double)
    }

    /// `fields` with each whole number given for a DOUBLE field of the record's type (its fields by name, `known`)
    /// stored as a DOUBLE: clients that send a value without its type write `1.0` as `1`, as most JSON encoders do,
    /// which reads as an INT64.
    static func coerced(_ fields: [String: FieldValue], to known: [String: Field]?) -> [String: FieldValue] {
        guard let known, fields.values.contains(where: { $0.valueType == .int64 }) else { return fields }
        var result = fields
        for (name, value) in fields where value.valueType == .int64 && known[name]?.type.valueType == .double {
            switch value {
            case .int64(let whole): result[name] = .double(Double(whole))
            case .list(.int64(let wholes)): result[name] = .list(.double(wholes.map(Double.init)))
            default: break
            }
        }
        return result
    }
}
