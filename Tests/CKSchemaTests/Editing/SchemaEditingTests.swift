import CKModel
import CKSchema
import Testing

@Suite("Fine-grained edits of a schema")
struct SchemaEditingTests {
    private let base = try! SchemaParser.parse(#"DEFINE SCHEMA CREATE ROLE Editor; RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, GRANT WRITE TO "Editor", GRANT READ TO "_world");"#)

    @Test("each edit changes exactly what it says, and the result prints as cktool would")
    func edits() throws {
        let edited = try base.applying([
            .createRecordType("Item"),
            .addField(recordType: "Item", Field("price", .value(.double), indexes: [.queryable])),
            .addIndex(recordType: "Item", field: "price", .sortable),
            .dropIndex(recordType: "Note", field: "title", .queryable),
            .removeField(recordType: "Note", field: "title"),
            .createRole("Reviewer"),
            .grant(recordType: "Item", Grant(.write, to: "Reviewer")),
            .revoke(recordType: "Item", Grant(.create, to: SecurityRole.icloud)),
            .deleteRole("Editor"),
        ])
        #expect(edited.roles.map(\.name) == ["Reviewer"])
        let item = try #require(edited.recordType(named: "Item"))
        #expect(item.field(named: "price") == Field("price", .value(.double), indexes: [.queryable, .sortable]))
        #expect(item.field(named: "___recordID")?.indexes == [.queryable])
        #expect(Set(item.grants) == [Grant(.write, to: "_creator"), Grant(.read, to: "_world"), Grant(.write, to: "Reviewer")])
        let note = try #require(edited.recordType(named: "Note"))
        #expect(note.field(named: "title") == nil)
        #expect(note.grants == [Grant(.read, to: "_world")], "deleting a role takes its grants with it")
        #expect(SchemaValidator.errors(in: edited).isEmpty)
        #expect(try SchemaParser.parse(SchemaPrinter.print(edited)).canonical == edited)
    }

    @Test("an edit that cannot apply says why", arguments: [
        (SchemaEdit.createRecordType("Note"), SchemaEditError.recordTypeExists("Note")),
        (.deleteRecordType("Users"), .usersTypeIsPermanent),
        (.deleteRecordType("Ghost"), .noRecordType("Ghost")),
        (.addField(recordType: "Note", Field("title", .value(.string))), .fieldExists(recordType: "Note", field: "title")),
        (.addField(recordType: "Note", Field("___createTime", .value(.timestamp))), .systemField("___createTime")),
        (.removeField(recordType: "Note", field: "body"), .noField(recordType: "Note", field: "body")),
        (.removeField(recordType: "Note", field: "___modTime"), .systemField("___modTime")),
        (.addIndex(recordType: "Note", field: "title", .queryable), .indexExists(recordType: "Note", field: "title", .queryable)),
        (.dropIndex(recordType: "Note", field: "title", .sortable), .noIndex(recordType: "Note", field: "title", .sortable)),
        (.createRole("Editor"), .roleExists("Editor")),
        (.createRole("_world"), .builtInRole("_world")),
        (.deleteRole("Ghost"), .noRole("Ghost")),
        (.grant(recordType: "Note", Grant(.read, to: "_world")), .grantExists(recordType: "Note", Grant(.read, to: "_world"))),
        (.revoke(recordType: "Note", Grant(.create, to: "_icloud")), .noGrant(recordType: "Note", Grant(.create, to: "_icloud"))),
    ])
    func refusals(edit: SchemaEdit, expected: SchemaEditError) {
        #expect(throws: expected) { try base.applying([edit]) }
    }

    @Test("a field type is read as the schema language writes it")
    func fieldTypes() throws {
        #expect(try SchemaParser.parseFieldType("LIST<ENCRYPTED STRING>") == FieldType(.encrypted(.string), isList: true))
        #expect(try SchemaParser.parseFieldType("number preferred as int64") == FieldType(.number(preferredAs: .int64)))
        #expect(throws: SchemaSyntaxError.self) { try SchemaParser.parseFieldType("STRING QUERYABLE") }
        #expect(throws: SchemaSyntaxError.self) { try SchemaParser.parseFieldType("TEXT") }
    }
}
