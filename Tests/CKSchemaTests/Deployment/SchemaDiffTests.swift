import CKModel
import CKSchema
import Testing

@Suite("Diffing development against production")
struct SchemaDiffTests {
    private func schema(_ body: String) throws -> Schema {
        try SchemaParser.parse("DEFINE SCHEMA\n" + body)
    }

    private let base = #"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year INT64, GRANT READ TO "_world");"#

    @Test("coins v1 to v2 is the one added record type, and applying it gives v2")
    func coins() throws {
        let v1 = try SchemaParser.parse(try fixtureText("apple-coins-v1"))
        let v2 = try SchemaParser.parse(try fixtureText("apple-coins-v2"))
        let diff = SchemaDiff(production: v1, development: v2)
        try #require(diff.changes.count == 1)
        #expect(diff.changes[0].kindName == "recordTypeAdded")
        #expect(diff.changes[0].recordType == "Countries")
        #expect(diff.changes[0].changeClass == .safe)
        #expect(!diff.hasBlockedChanges)
        #expect(SchemaPrinter.print(diff.apply(to: v1)) == (try fixtureText("apple-coins-v2")))
    }

    @Test("the same schemas give an empty diff")
    func noChanges() throws {
        let v1 = try SchemaParser.parse(try fixtureText("apple-coins-v1"))
        #expect(SchemaDiff(production: v1, development: v1.canonical).isEmpty)
    }

    /// A development schema and the classified changes it makes to `base`.
    static let cases: [(String, [String])] = [
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year INT64, body STRING, GRANT READ TO "_world");"#,
         ["safe fieldAdded Note.body"]),
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, GRANT READ TO "_world");"#,
         ["blocked fieldRemoved Note.year"]),
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year STRING, GRANT READ TO "_world");"#,
         ["blocked fieldTypeChanged Note.year"]),
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year LIST<INT64>, GRANT READ TO "_world");"#,
         ["blocked fieldTypeChanged Note.year"]),
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year ENCRYPTED INT64, GRANT READ TO "_world");"#,
         ["blocked fieldTypeChanged Note.year"]),
        (#"RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING SEARCHABLE, year INT64 SORTABLE, GRANT READ TO "_world");"#,
         ["index indexAdded Note.title", "index indexRemoved Note.title", "index indexAdded Note.year"]),
        (#"CREATE ROLE Editor; RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, year INT64, GRANT WRITE TO Editor);"#,
         ["permission roleAdded -", "permission grantAdded Note", "permission grantRevoked Note"]),
        ("", ["blocked recordTypeRemoved Note"]),
    ]

    @Test("each kind of change is found and classified", arguments: cases.indices)
    func classified(index: Int) throws {
        let (development, expected) = Self.cases[index]
        let diff = SchemaDiff(production: try schema(base), development: try schema(development))
        let found = diff.changes.map { change in
            let subject = [change.recordType, change.field].compactMap { $0 }.joined(separator: ".")
            return "\(change.changeClass.rawValue) \(change.kindName) \(subject.isEmpty ? "-" : subject)"
        }
        #expect(found == expected)
        #expect(diff.hasBlockedChanges == expected.contains { $0.hasPrefix("blocked") })
        for change in diff.changes(of: .blocked) {
            #expect(change.reason?.contains("never") == true, "\(change.summary)")
        }
    }

    @Test("NUMBER preferences: pinning is allowed, changing a pinned one is blocked")
    func numberPreference() throws {
        let unpinned = try schema("RECORD TYPE T (n NUMBER);")
        let asInt = try schema("RECORD TYPE T (n NUMBER PREFERRED AS INT64);")
        let asDouble = try schema("RECORD TYPE T (n NUMBER PREFERRED AS DOUBLE);")
        #expect(SchemaDiff(production: unpinned, development: asInt).changes.map(\.changeClass) == [.safe])
        let change = try #require(SchemaDiff(production: asInt, development: asDouble).changes.first)
        #expect(change.changeClass == .blocked)
        #expect(change.reason?.contains("PREFERRED AS") == true)
        #expect(SchemaDiff(production: unpinned, development: asInt).apply(to: unpinned) == asInt.canonical)
    }

    @Test("the digest is stable, independent of type order, and changes with the changes")
    func digest() throws {
        let production = try schema(base)
        let added = #"RECORD TYPE A (x STRING); RECORD TYPE B (y STRING); "#
        let reordered = #"RECORD TYPE B (y STRING); RECORD TYPE A (x STRING); "#
        let first = SchemaDiff(production: production, development: try schema(added + base))
        let second = SchemaDiff(production: production, development: try schema(base + reordered))
        #expect(first.digest == second.digest)
        #expect(first.digest.count == 64)
        #expect(first.digest.allSatisfy { $0.isHexDigit })
        let other = SchemaDiff(production: production, development: try schema(#"RECORD TYPE A (x INT64); RECORD TYPE B (y STRING); "# + base))
        #expect(other.digest != first.digest)
        let again = SchemaDiff(production: try schema(base), development: try schema(added + base))
        #expect(again.digest == first.digest)
        #expect(SchemaDiff(production: production, development: production).digest != first.digest)
    }

    @Test("applying a diff keeps what production refuses to lose and applies the rest")
    func applyWithBlockedChanges() throws {
        let production = try schema(base + #" RECORD TYPE Old (a STRING, GRANT READ TO "_world");"#)
        let development = try schema(#"""
            CREATE ROLE Editor;
            RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE SORTABLE, year STRING,
                              body STRING, GRANT READ TO "_world", GRANT WRITE TO Editor);
            RECORD TYPE New (b STRING);
            """#)
        let diff = SchemaDiff(production: production, development: development)
        #expect(diff.hasBlockedChanges)
        let merged = diff.apply(to: production)
        #expect(merged.recordTypes.map(\.name) == ["Note", "Old", "New", "Users"])
        let note = try #require(merged.recordType(named: "Note"))
        #expect(note.field(named: "year")?.type == .value(.int64))
        #expect(note.field(named: "body") != nil)
        #expect(note.field(named: "title")?.indexes == [.queryable, .sortable])
        #expect(note.permissions(of: "Editor") == [.write])
        #expect(merged.roles.map(\.name) == ["Editor"])
        #expect(SchemaValidator.errors(in: merged).isEmpty)
    }

    @Test("applying an allowed diff to production gives development")
    func applyGivesDevelopment() throws {
        let production = try schema(base)
        let development = try schema(#"""
            CREATE ROLE Editor;
            RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, "___createTime" TIMESTAMP SORTABLE, title STRING SEARCHABLE,
                              year INT64 QUERYABLE, body STRING, GRANT READ, WRITE TO Editor, GRANT CREATE TO "_icloud");
            RECORD TYPE Tag (name STRING QUERYABLE);
            """#)
        let diff = SchemaDiff(production: production, development: development)
        #expect(!diff.hasBlockedChanges)
        #expect(diff.apply(to: production) == development.canonical)
    }

    @Test("no choice of names makes two different diffs share a digest")
    func digestNamesAreDelimited() {
        let spaced = SchemaDiff(production: Schema(), development: Schema(recordTypes: [RecordType("A b", fields: [Field("c d", .value(.string))])]))
        let merged = SchemaDiff(production: Schema(), development: Schema(recordTypes: [RecordType("A", fields: [Field("b c d", .value(.string))])]))
        #expect(spaced.digest != merged.digest)
        let production = Schema(recordTypes: [RecordType("A b"), RecordType("A")])
        let first = SchemaDiff(production: production, development: Schema(recordTypes: [RecordType("A b", fields: [Field("c d", .value(.string))]), RecordType("A")]))
        let second = SchemaDiff(production: production, development: Schema(recordTypes: [RecordType("A b"), RecordType("A", fields: [Field("b c d", .value(.string))])]))
        #expect(first.digest != second.digest)
    }

    @Test("a role still granted by a type production keeps cannot be removed")
    func roleKeptByBlockedType() throws {
        let production = try schema(#"CREATE ROLE Ed; RECORD TYPE T (a STRING, GRANT READ TO Ed); RECORD TYPE U (b STRING);"#)
        let development = try schema(#"RECORD TYPE U (b STRING);"#)
        let diff = SchemaDiff(production: production, development: development)
        let removal = try #require(diff.changes.first { $0.kindName == "roleRemoved" })
        #expect(removal.changeClass == .blocked)
        #expect(removal.reason == "production never removes T, which still grants Ed, so the role must stay")
        let merged = diff.apply(to: production)
        #expect(merged.roles.map(\.name) == ["Ed"])
        #expect(SchemaValidator.errors(in: merged).isEmpty)
        #expect(SchemaDiff(production: merged, development: development).changes.map(\.changeClass) == [.blocked, .blocked])
    }

    @Test("a role removed from development is dropped from production once nothing grants it")
    func roleRemoval() throws {
        let production = try schema(#"CREATE ROLE Editor; RECORD TYPE T (a STRING, GRANT READ TO Editor);"#)
        let development = try schema(#"RECORD TYPE T (a STRING, GRANT READ TO "_world");"#)
        let diff = SchemaDiff(production: production, development: development)
        #expect(diff.changes.map(\.kindName) == ["grantAdded", "grantRevoked", "roleRemoved"])
        #expect(diff.apply(to: production) == development.canonical)
    }
}
