import CKCoreData
import CKModel
import CKSchema
import Foundation
import Testing

/// A model against an environment's schema: what is missing fails saves in production and waits for just-in-time
/// schema in development, a different type or encryption is an error, what the model no longer uses a warning.
@Suite("Core Data models: checked against an environment")
struct ModelCheckTests {
    static let journal = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demo/Journal.xcdatamodeld")

    /// The problems of the journal against its own schema changed by `change`.
    private static func problems(
        database: DatabaseScope = .private, production: Bool = true, _ change: (inout Schema) -> Void
    ) throws -> [String] {
        let mirrored = MirroredSchema(model: try ModelFile.read(journal), database: database)
        var schema = try MirroredSchema(model: mirrored.model).schema()
        change(&schema)
        let check = ModelCheck(mirrored: mirrored, schema: schema, environmentName: production ? "production" : "development", isProduction: production)
        return try check.problems().map(\.description)
    }

    private static func editing(_ type: String, in schema: inout Schema, _ change: (inout RecordType) -> Void) {
        if let index = schema.recordTypes.firstIndex(where: { $0.name == type }) { change(&schema.recordTypes[index]) }
    }

    @Test("a field of a sub-entity missing is named by the entity that declares it, an error in production and a warning in development")
    func missingField() throws {
        let dropCaption = { (schema: inout Schema) in Self.editing("CD_Entry", in: &schema) { $0.fields.removeAll { $0.name == "CD_caption" } } }
        #expect(try Self.problems(dropCaption) == [
            "error: PhotoEntry.caption: saves of PhotoEntry.caption will fail in production: CD_Entry lacks CD_caption (STRING)",
        ])
        #expect(try Self.problems(production: false, dropCaption) == [
            "warning: PhotoEntry.caption: development adds it on the first save with a value (just-in-time schema); initialize the schema so it is not missed: CD_Entry lacks CD_caption (STRING)",
        ])
    }

    @Test("an unencrypted field the model encrypts is an error; a CD_ field the model dropped is a warning; other types are not its business")
    func typesAndLeftovers() throws {
        let problems = try Self.problems { schema in
            Self.editing("CD_Entry", in: &schema) { type in
                type.fields = type.fields.map { $0.name == "CD_text" ? Field("CD_text", .value(.string)) : $0 } + [Field("CD_weather", .value(.string))]
            }
            schema.recordTypes.append(RecordType("CD_Place", fields: [Field("CD_name", .value(.string))]))
            schema.recordTypes.append(RecordType("Party", fields: [Field("name", .value(.string))]))
        }
        #expect(problems == [
            "error: Entry.text: CD_Entry.CD_text is STRING in production, the model needs ENCRYPTED STRING",
            "warning: Entry.weather: production has CD_Entry.CD_weather, which the model no longer uses",
            "warning: CD_Place: production has CD_Place, which the model no longer uses",
        ])
    }

    @Test("in the public database a missing modifiedAt index is an error, and so is the encrypted attribute")
    func publicDatabase() throws {
        let problems = try Self.problems(database: .public) { _ in }
        #expect(problems.contains("error: Entry.text (line 10): allows cloud encryption, which the public database does not offer"))
        #expect(problems.contains("error: Entry: CD_Entry.___modTime is not QUERYABLE in production: the public database needs it to list the records"))
    }
}
