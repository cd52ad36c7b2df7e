/// Writes a schema in cktool's export format, so that a cktool export read and printed again is unchanged.
///
/// `DEFINE SCHEMA`, a blank line, custom roles, then each record type indented four spaces with its members
/// indented eight: fields in byte order of their names with the type in a padded column, indexes in
/// alphabetical order, every system field, then one grant per line in cktool's order. Record types keep the
/// schema's order.
public enum SchemaPrinter {
    /// The canonical text of `schema` (made canonical first).
    public static func print(_ schema: Schema) -> String {
        let canonical = schema.canonical
        var output = "DEFINE SCHEMA\n"
        if !canonical.roles.isEmpty {
            output += "\n"
            for role in canonical.roles {
                output += "    CREATE ROLE \(identifier(role.name));\n"
            }
        }
        for recordType in canonical.recordTypes {
            output += "\n" + print(recordType)
        }
        return output
    }

    private static func print(_ recordType: RecordType) -> String {
        let names = recordType.fields.map { identifier($0.name) }
        let width = (names.map(\.count).max() ?? 0) + 1
        var members: [String] = []
        for (field, name) in zip(recordType.fields, names) {
            var line = name.padding(toLength: width) + field.type.description
            for index in field.indexes.sorted() {
                line += " " + index.rawValue
            }
            members.append(line)
        }
        for grant in recordType.grants {
            members.append("GRANT \(grant.permission.rawValue) TO \(identifier(grant.role))")
        }
        let body = members.map { "        " + $0 }.joined(separator: ",\n")
        return "    RECORD TYPE \(identifier(recordType.name)) (\n\(body)\n    );\n"
    }

    /// A name as the schema language needs it: bare when it can be, double-quoted otherwise.
    public static func identifier(_ name: String) -> String {
        NamingRules.needsQuotes(name) ? "\"\(name)\"" : name
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
