import CKSchema
import Testing

@Suite("Linting schemas")
struct SchemaLinterTests {
    private func rules(_ body: String) throws -> [String] {
        let schema = try SchemaParser.parse("DEFINE SCHEMA\n" + body)
        return SchemaLinter.warnings(for: schema).map(\.rule)
    }

    private let grants = #"GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world""#

    @Test("a well-indexed type with the recommended grants has no warnings")
    func clean() throws {
        #expect(try rules(#"RECORD TYPE T ("___recordID" REFERENCE QUERYABLE, name STRING QUERYABLE SORTABLE, \#(grants));"#) == [])
    }

    @Test("each warning fires on its case, with a one-line explanation")
    func eachRule() throws {
        let recordIDQueryable = #""___recordID" REFERENCE QUERYABLE"#
        #expect(try rules("RECORD TYPE T (name STRING, \(grants));") == ["record-id-not-queryable"])
        #expect(try rules("RECORD TYPE T (\(recordIDQueryable), year INT64 SORTABLE, \(grants));") == ["sortable-without-queryable"])
        #expect(try rules("RECORD TYPE T (\(recordIDQueryable), body STRING SEARCHABLE, \(grants));") == ["costly-search-index"])
        #expect(try rules("RECORD TYPE T (\(recordIDQueryable), n NUMBER, \(grants));") == ["unpinned-number"])
        #expect(try rules("RECORD TYPE T (\(recordIDQueryable), recordType STRING, \(grants));") == ["record-property-name"])
        #expect(try rules(#"RECORD TYPE T (\#(recordIDQueryable), GRANT READ, CREATE TO "_world");"#) == ["world-can-change"])
        #expect(try rules(#"RECORD TYPE T (\#(recordIDQueryable), GRANT WRITE TO "_world", GRANT READ TO "_world");"#) == ["world-can-change"])
        #expect(try rules(#"RECORD TYPE T (\#(recordIDQueryable), GRANT CREATE TO "_creator", GRANT READ TO "_world");"#) == ["creator-create"])
        #expect(try rules("RECORD TYPE T (\(recordIDQueryable));") == ["no-grants"])
        #expect(try rules(#"RECORD TYPE T (\#(recordIDQueryable), GRANT WRITE TO "_creator");"#) == ["nobody-reads"])
        #expect(try rules("CREATE ROLE Idle; RECORD TYPE T (\(recordIDQueryable), \(grants));") == ["unused-role"])
        #expect(try rules(#"RECORD TYPE T (\#(recordIDQueryable), \#(grants), GRANT READ TO "_world");"#) == ["duplicate-grant"])
    }

    @Test("long text is recognised by the words of a field's name, not by substrings")
    func longTextWords() throws {
        let recordIDQueryable = #""___recordID" REFERENCE QUERYABLE"#
        for name in ["htmlBody", "contentText", "release_notes", "Description"] {
            #expect(try rules("RECORD TYPE T (\(recordIDQueryable), \(name) STRING SEARCHABLE, \(grants));") == ["costly-search-index"], "\(name)")
        }
        for name in ["context", "textureName", "somebody"] {
            #expect(try rules("RECORD TYPE T (\(recordIDQueryable), \(name) STRING SEARCHABLE, \(grants));") == [], "\(name)")
        }
    }

    @Test("warnings point at the line of what they are about")
    func locations() throws {
        let schema = try SchemaParser.parse("DEFINE SCHEMA\nRECORD TYPE T (\n  \"___recordID\" REFERENCE,\n  year INT64 SORTABLE,\n  \(grants)\n);")
        let warnings = SchemaLinter.warnings(for: schema.canonical)
        #expect(warnings.map(\.location?.line) == [3, 4])
        #expect(warnings.allSatisfy { !$0.message.contains("\n") && $0.severity == .warning })
    }

    @Test("Apple's coins schema warns about Currencies only")
    func coins() throws {
        let schema = try SchemaParser.parse(try fixtureText("apple-coins-v1")).canonical
        let warnings = SchemaLinter.warnings(for: schema)
        #expect(warnings.map(\.rule) == ["record-id-not-queryable", "sortable-without-queryable"])
        #expect(warnings.allSatisfy { $0.recordType == "Currencies" })
    }
}
