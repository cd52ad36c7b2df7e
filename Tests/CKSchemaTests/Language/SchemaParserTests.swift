import CKModel
import CKSchema
import Testing

@Suite("Parsing the schema language")
struct SchemaParserTests {
    @Test("every fixture parses", arguments: fixtureNames)
    func fixturesParse(name: String) throws {
        let schema = try SchemaParser.parse(try fixtureText(name))
        #expect(!schema.recordTypes.isEmpty)
        #expect(SchemaValidator.errors(in: schema).isEmpty)
    }

    @Test("a cktool export reads into the expected model")
    func coinsModel() throws {
        let schema = try SchemaParser.parse(try fixtureText("apple-coins-v1"))
        #expect(schema.recordTypes.map(\.name) == ["Coins", "Components", "Currencies", "Users"])
        let coins = try #require(schema.recordType(named: "Coins"))
        #expect(coins.field(named: "composition")?.type == .list(.reference))
        #expect(coins.field(named: "nominalValue") == Field("nominalValue", .value(.double), indexes: [.queryable, .sortable]))
        #expect(coins.field(named: "___recordID")?.indexes == [.queryable])
        #expect(coins.grants == [Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_world")])
        #expect(coins.field(named: "issueYear")?.location == SourceLocation(line: 12, column: 9))
    }

    @Test("keywords in any case, quoted names, comments of three kinds, one line, no final semicolon")
    func lexicalFreedom() throws {
        let text = """
            define schema -- a comment
            create role Editor; /* block
            comment */ record type "Note" (
                "title" string Queryable sortable, // trailing
                "grant" list<string>,
                GRANT read, Write TO Editor, grant create to "_icloud",
            )
            """
        let schema = try SchemaParser.parse(text)
        #expect(schema.roles == [CustomRole("Editor")])
        let note = try #require(schema.recordType(named: "Note"))
        #expect(note.fields == [Field("title", .value(.string), indexes: [.queryable, .sortable]), Field("grant", .list(.string))])
        #expect(Set(note.grants) == [Grant(.read, to: "Editor"), Grant(.write, to: "Editor"), Grant(.create, to: "_icloud")])
        let oneLine = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE List (color ENCRYPTED BYTES);")
        #expect(oneLine.recordTypes == [RecordType("List", fields: [Field("color", FieldType(.encrypted(.bytes)))])])
    }

    @Test("every type form of the grammar")
    func typeForms() throws {
        let text = """
            DEFINE SCHEMA
            RECORD TYPE T (
                a ASSET, b BYTES, c DOUBLE, d INT64, e LOCATION, f REFERENCE, g STRING, h TIMESTAMP,
                i ENCRYPTED STRING, j ENCRYPTED TIMESTAMP, k NUMBER, l NUMBER PREFERRED AS INT64,
                m NUMBER PREFERRED AS DOUBLE, n LIST<ASSET>, o LIST<ENCRYPTED BYTES>, p LIST<NUMBER>
            );
            """
        let fields = try #require(try SchemaParser.parse(text).recordTypes.first?.fields)
        #expect(fields.map(\.type.description) == [
            "ASSET", "BYTES", "DOUBLE", "INT64", "LOCATION", "REFERENCE", "STRING", "TIMESTAMP",
            "ENCRYPTED STRING", "ENCRYPTED TIMESTAMP", "NUMBER", "NUMBER PREFERRED AS INT64",
            "NUMBER PREFERRED AS DOUBLE", "LIST<ASSET>", "LIST<ENCRYPTED BYTES>", "LIST<NUMBER>",
        ])
    }

    /// Bad input, the line and column of the error, and a word its message must contain.
    static let syntaxErrors: [(String, Int, Int, String)] = [
        ("", 1, 1, "DEFINE SCHEMA"),
        ("DEFINE TABLE", 1, 8, "SCHEMA"),
        ("DEFINE SCHEMA\nRECORD TYPE T (\n    name BADTYPE\n);", 3, 10, "field type"),
        ("DEFINE SCHEMA RECORD TYPE T (a STRING QUERYABLE b STRING);", 1, 49, "\",\" or \")\""),
        ("DEFINE SCHEMA RECORD TYPE T (a LIST<STRING);", 1, 43, "\">\""),
        ("DEFINE SCHEMA RECORD TYPE T (a ENCRYPTED ASSET);", 1, 42, "encrypted"),
        ("DEFINE SCHEMA RECORD TYPE T (a NUMBER PREFERRED AS STRING);", 1, 52, "INT64 or DOUBLE"),
        ("DEFINE SCHEMA RECORD TYPE T (GRANT DELETE TO \"_world\");", 1, 36, "permission"),
        ("DEFINE SCHEMA RECORD TYPE T (GRANT READ \"_world\");", 1, 41, "TO"),
        ("DEFINE SCHEMA RECORD TYPE T (\"a STRING);", 1, 30, "not closed"),
        ("DEFINE SCHEMA /* open", 1, 15, "not closed"),
        ("DEFINE SCHEMA RECORD TYPE T (a STRING) RECORD TYPE U (b STRING);", 1, 40, "\";\""),
        ("DEFINE SCHEMA DROP TYPE T;", 1, 15, "RECORD TYPE"),
        ("DEFINE SCHEMA RECORD TYPE T (a STRING = 1);", 1, 39, "unexpected character"),
        ("DEFINE SCHEMA RECORD TYPE (a STRING);", 1, 27, "record type name"),
        ("DEFINE SCHEMA RECORD TYPE T (a STRING,", 1, 39, "field name"),
    ]

    @Test("syntax errors say where and what was expected", arguments: syntaxErrors.indices)
    func syntaxError(index: Int) {
        let (text, line, column, expected) = Self.syntaxErrors[index]
        #expect {
            try SchemaParser.parse(text)
        } throws: { error in
            guard let error = error as? SchemaSyntaxError else { return false }
            return error.location == SourceLocation(line: line, column: column) && error.message.contains(expected)
        }
    }

    @Test("the error message names what was found, like cktool validate-schema")
    func errorMessage() {
        #expect {
            try SchemaParser.parse("DEFINE SCHEMA\n    RECORD TYPE T (\n        name    BADTYPE\n    );")
        } throws: { error in
            (error as? SchemaSyntaxError)?.description
                == "line 3, column 17: found \"BADTYPE\", expected a field type (ASSET, BYTES, DOUBLE, INT64, LOCATION, REFERENCE, STRING, TIMESTAMP, ENCRYPTED, NUMBER or LIST)"
        }
    }
}
