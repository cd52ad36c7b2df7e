import CKModel
import CKSchema
import Testing

@Suite("Printing schemas in cktool's export format")
struct SchemaRoundTripTests {
    @Test("a cktool export prints back byte for byte", arguments: cktoolExportNames)
    func cktoolExportsAreFixedPoints(name: String) throws {
        let text = try fixtureText(name)
        #expect(SchemaPrinter.print(try SchemaParser.parse(text)) == text)
    }

    @Test("a hand-written schema prints in canonical form and re-parses to the same schema")
    func handWritten() throws {
        let original = try SchemaParser.parse(try fixtureText("mistkit-celestra")).canonical
        let printed = SchemaPrinter.print(original)
        #expect(try SchemaParser.parse(printed).canonical == original)
        #expect(SchemaPrinter.print(try SchemaParser.parse(printed)) == printed)
        #expect(!printed.contains("//"))
        #expect(printed.contains("        \"___createTime\"      TIMESTAMP,\n"))
        #expect(printed.hasSuffix("        GRANT READ TO \"_world\"\n    );\n"))
        #expect(original.recordTypes.map(\.name) == ["Feed", "Article", "FeedSubscription", "Users"])
    }

    @Test("canonical form adds the system fields and Users, sorts fields by bytes and grants in cktool's order")
    func canonicalForm() throws {
        let schema = try SchemaParser.parse("""
            DEFINE SCHEMA
            CREATE ROLE Editor;
            RECORD TYPE Note (zeta STRING, Alpha INT64, "___recordID" REFERENCE QUERYABLE,
                GRANT READ TO "_world", GRANT READ, WRITE TO Editor, GRANT CREATE TO "_icloud", GRANT WRITE TO "_creator");
            """)
        #expect(SchemaPrinter.print(schema) == """
            DEFINE SCHEMA

                CREATE ROLE Editor;

                RECORD TYPE Note (
                    Alpha           INT64,
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE,
                    zeta            STRING,
                    GRANT WRITE TO Editor,
                    GRANT READ TO Editor,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

                RECORD TYPE Users (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE,
                    roles           LIST<INT64>,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );

            """)
    }

    @Test("names are quoted only when they must be")
    func quoting() {
        #expect(SchemaPrinter.identifier("title") == "title")
        #expect(SchemaPrinter.identifier("___etag") == "\"___etag\"")
        #expect(SchemaPrinter.identifier("sortable") == "\"sortable\"")
        #expect(SchemaPrinter.identifier("Grant") == "\"Grant\"")
        #expect(SchemaPrinter.identifier("first name") == "\"first name\"")
        #expect(SchemaPrinter.identifier("list") == "list")
    }

    @Test("the empty schema is Users alone, as cktool exports it")
    func emptySchema() throws {
        #expect(SchemaPrinter.print(Schema()) == (try fixtureText("apple-empty")))
    }
}
