/// Warnings a developer wants before deploying a schema that is valid but likely to hurt.
public enum SchemaLinter {
    /// Words of field names that usually hold long text, where a SEARCHABLE index is large and slow to build.
    static let longTextWords: Set<String> = ["content", "body", "text", "description", "html", "markdown", "notes", "transcript"]

    /// Every warning for `schema` (as written or canonical), type by type.
    public static func warnings(for schema: Schema) -> [SchemaIssue] {
        var issues: [SchemaIssue] = []
        var grantedRoles = Set<String>()
        for recordType in schema.recordTypes {
            grantedRoles.formUnion(recordType.grants.map(\.role))
            issues += duplicateGrantWarnings(for: recordType)
        }
        for recordType in schema.canonical.recordTypes {
            issues += warnings(for: recordType)
        }
        for role in schema.roles where !grantedRoles.contains(role.name) {
            issues.append(SchemaIssue(
                .warning, rule: "unused-role",
                "the role \(role.name) is created but no record type grants it anything", location: role.location))
        }
        return issues
    }

    private static func warnings(for recordType: RecordType) -> [SchemaIssue] {
        let name = recordType.name
        var issues: [SchemaIssue] = []
        func warn(_ rule: String, _ message: String, field: String? = nil, at location: SourceLocation?) {
            issues.append(SchemaIssue(
                .warning, rule: rule, message, recordType: name, field: field, location: location ?? recordType.location))
        }
        let recordID = recordType.field(named: SystemField.recordID.rawValue)
        if name != RecordType.usersTypeName, recordID?.indexes.contains(.queryable) != true {
            warn("record-id-not-queryable",
                 "\(name): \"___recordID\" is not QUERYABLE, so every query without a filter on \(name) fails",
                 field: SystemField.recordID.rawValue, at: recordID?.location)
        }
        for field in recordType.fields {
            if field.indexes.contains(.sortable), !field.indexes.contains(.queryable) {
                warn("sortable-without-queryable",
                     "\(name).\(field.name) is SORTABLE but not QUERYABLE: sorting and ranges work, equality filters fail",
                     field: field.name, at: field.location)
            }
            if field.indexes.contains(.searchable), !longTextWords.isDisjoint(with: words(of: field.name)) {
                warn("costly-search-index",
                     "\(name).\(field.name) looks like long text: a SEARCHABLE index on it is large and slow to build",
                     field: field.name, at: field.location)
            }
            if case .number(preferredAs: nil) = field.type.primitive {
                warn("unpinned-number",
                     "\(name).\(field.name) is NUMBER without PREFERRED AS: pin it to INT64 or DOUBLE before deploying",
                     field: field.name, at: field.location)
            }
            if NamingRules.recordPropertyNames.contains(field.name) {
                warn("record-property-name",
                     "\(name).\(field.name) has the name of a record property, which is confusing in client code",
                     field: field.name, at: field.location)
            }
        }
        grantWarnings(for: recordType) { warn($0, $1, at: $2) }
        return issues
    }

    /// The lower-case words of a camelCase or snake_case name: "htmlBody" → ["html", "body"].
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || character.isNumber {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = current.last, last.isLowercase {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    private static func duplicateGrantWarnings(for recordType: RecordType) -> [SchemaIssue] {
        var seen = Set<Grant>()
        return recordType.grants.filter { !seen.insert($0).inserted }.map { grant in
            SchemaIssue(
                .warning, rule: "duplicate-grant",
                "\(recordType.name) grants \(grant.permission.rawValue) to \(grant.role) more than once",
                recordType: recordType.name, location: grant.location)
        }
    }

    private static func grantWarnings(
        for recordType: RecordType, warn: (String, String, SourceLocation?) -> Void
    ) {
        let name = recordType.name
        if recordType.grants.isEmpty {
            warn("no-grants",
                 "\(name) grants nothing to anyone, so it is unusable in the public database (fine for private data)",
                 recordType.location)
            return
        }
        for grant in recordType.grants {
            switch (grant.role, grant.permission) {
            case (SecurityRole.world, .create), (SecurityRole.world, .write):
                warn("world-can-change",
                     "\(name) grants \(grant.permission.rawValue) to \"_world\": anyone, even signed out, can \(grant.permission == .create ? "create" : "change and delete") its records",
                     grant.location)
            case (SecurityRole.creator, .create):
                warn("creator-create",
                     "\(name) grants CREATE to \"_creator\", which has no effect: a record has no creator before it exists",
                     grant.location)
            default:
                break
            }
        }
        if !recordType.grants.contains(where: { $0.permission == .read }) {
            warn("nobody-reads", "\(name) grants READ to no role, so nobody can query or fetch its records",
                 recordType.location)
        }
    }
}
