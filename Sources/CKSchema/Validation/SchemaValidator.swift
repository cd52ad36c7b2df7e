import CKModel

/// Finds what makes a schema unusable: bad or reserved names, duplicates, system fields of the wrong type,
/// indexes that make no sense for their field's type, and grants to roles that do not exist.
public enum SchemaValidator {
    /// Every error in `schema`, in the order they appear; empty when the schema is valid.
    public static func errors(in schema: Schema) -> [SchemaIssue] {
        var issues: [SchemaIssue] = []
        var roleNames = Set<String>()
        for role in schema.roles {
            if SecurityRole.isBuiltIn(role.name) {
                issues.append(error("builtin-role", "\"\(role.name)\" is a built-in role and cannot be created", role.location))
            } else if let problem = NamingRules.problem(with: role.name, kind: "role") {
                issues.append(error("invalid-name", problem, role.location))
            }
            if !roleNames.insert(role.name).inserted {
                issues.append(error("duplicate-role", "the role \"\(role.name)\" is created twice", role.location))
            }
        }
        var typeNames = Set<String>()
        for recordType in schema.recordTypes {
            if let problem = NamingRules.problem(with: recordType.name, kind: "record type") {
                issues.append(error("invalid-name", problem, recordType.location, type: recordType.name))
            }
            if !typeNames.insert(recordType.name).inserted {
                issues.append(error(
                    "duplicate-record-type", "the record type \(recordType.name) is defined twice",
                    recordType.location, type: recordType.name))
            }
            issues += errors(in: recordType, of: schema)
        }
        return issues
    }

    private static func errors(in recordType: RecordType, of schema: Schema) -> [SchemaIssue] {
        var issues: [SchemaIssue] = []
        var fieldNames = Set<String>()
        for field in recordType.fields {
            let report = { (rule: String, message: String) in
                issues.append(error(rule, message, field.location, type: recordType.name, field: field.name))
            }
            if let system = SystemField(rawValue: field.name) {
                if field.type != system.type {
                    report("system-field-type", "the system field \"\(field.name)\" is always \(system.type), not \(field.type)")
                }
            } else if let problem = NamingRules.problem(with: field.name, kind: "field") {
                report("invalid-name", "\(recordType.name): \(problem)")
            }
            if !fieldNames.insert(field.name).inserted {
                report("duplicate-field", "\(recordType.name) declares the field \(field.name) twice")
            }
            for index in field.indexes.sorted() {
                if let problem = IndexRules.problem(with: index, on: field.type) {
                    report("invalid-index", "\(recordType.name).\(field.name): \(problem)")
                }
            }
            if recordType.name == RecordType.usersTypeName, field.name == "roles", field.type != .list(.int64) {
                report("users-roles-type", "the roles field of Users is always LIST<INT64>, not \(field.type)")
            }
        }
        for grant in recordType.grants where !schema.hasRole(grant.role) {
            issues.append(error(
                "unknown-role",
                "\(recordType.name) grants \(grant.permission.rawValue) to \"\(grant.role)\", which is neither a built-in role nor created with CREATE ROLE",
                grant.location, type: recordType.name))
        }
        return issues
    }

    private static func error(
        _ rule: String, _ message: String, _ location: SourceLocation?, type: String? = nil, field: String? = nil
    ) -> SchemaIssue {
        SchemaIssue(.error, rule: rule, message, recordType: type, field: field, location: location)
    }
}
