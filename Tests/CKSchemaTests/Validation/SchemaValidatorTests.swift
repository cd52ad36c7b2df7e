import CKModel
import CKSchema
import Testing

@Suite("Validating schemas")
struct SchemaValidatorTests {
    /// A schema text and the rules it must break.
    static let invalid: [(String, [String])] = [
        ("RECORD TYPE T (a STRING, a INT64)", ["duplicate-field"]),
        ("RECORD TYPE T (a STRING); RECORD TYPE T (b STRING)", ["duplicate-record-type"]),
        ("CREATE ROLE R; CREATE ROLE R", ["duplicate-role"]),
        ("CREATE ROLE \"_world\"", ["builtin-role"]),
        ("CREATE ROLE \"_boss\"", ["invalid-name"]),
        ("RECORD TYPE \"_Secret\" (a STRING)", ["invalid-name"]),
        ("RECORD TYPE \"9Lives\" (a STRING)", ["invalid-name"]),
        ("RECORD TYPE T (\"_hidden\" STRING)", ["invalid-name"]),
        ("RECORD TYPE T (\"first name\" STRING)", ["invalid-name"]),
        ("RECORD TYPE T (\"___recordID\" STRING)", ["system-field-type"]),
        ("RECORD TYPE T (n INT64 SEARCHABLE)", ["invalid-index"]),
        ("RECORD TYPE T (tags LIST<STRING> SORTABLE)", ["invalid-index"]),
        ("RECORD TYPE T (photo ASSET QUERYABLE)", ["invalid-index"]),
        ("RECORD TYPE T (blob BYTES SORTABLE)", ["invalid-index"]),
        ("RECORD TYPE T (secret ENCRYPTED STRING QUERYABLE)", ["invalid-index"]),
        ("RECORD TYPE T (a STRING, GRANT READ TO Editors)", ["unknown-role"]),
        ("RECORD TYPE Users (roles STRING)", ["users-roles-type"]),
    ]

    @Test("each kind of invalid schema is reported with its rule and location", arguments: invalid.indices)
    func invalidSchemas(index: Int) throws {
        let (body, rules) = Self.invalid[index]
        let schema = try SchemaParser.parse("DEFINE SCHEMA\n" + body + ";")
        let errors = SchemaValidator.errors(in: schema)
        #expect(errors.map(\.rule) == rules)
        #expect(errors.allSatisfy { $0.severity == .error && $0.location?.line == 2 })
    }

    @Test("valid indexes, custom roles and system field indexes pass")
    func validSchema() throws {
        let schema = try SchemaParser.parse("""
            DEFINE SCHEMA
            CREATE ROLE Editor;
            RECORD TYPE T (
                "___createTime" TIMESTAMP SORTABLE, "___recordID" REFERENCE QUERYABLE,
                title STRING QUERYABLE SEARCHABLE SORTABLE, tags LIST<STRING> QUERYABLE SEARCHABLE,
                place LOCATION QUERYABLE, count NUMBER PREFERRED AS INT64 QUERYABLE SORTABLE, photo ASSET,
                GRANT READ, WRITE TO Editor
            );
            """)
        #expect(SchemaValidator.errors(in: schema).isEmpty)
    }

    @Test("naming rules")
    func namingRules() {
        #expect(NamingRules.problem(with: "Coins", kind: "record type") == nil)
        #expect(NamingRules.problem(with: "", kind: "field") != nil)
        #expect(NamingRules.problem(with: String(repeating: "a", count: 256), kind: "field") != nil)
        #expect(NamingRules.problem(with: "café", kind: "field") != nil)
        #expect(NamingRules.isIdentifier("a_1"))
        #expect(!NamingRules.isIdentifier("1a"))
    }
}
