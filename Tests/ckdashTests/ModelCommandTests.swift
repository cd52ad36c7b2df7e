import CKTestSupport
import Foundation
import Testing

/// `ckdash model`, run as a command: the schema a Core Data model mirrors to, and the check CI runs, against files
/// and against a real server's environments.
@Suite("ckdash model, run as a command", .heavy)
struct ModelCommandTests {
    private static func model(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CKCoreDataTests/Fixtures/\(name).contents.xml").path
    }

    private static let share = model("apple-coredata-share")

    @Test("schema prints the mirrored types; --database public adds the indexes; --merge keeps a schema's other types")
    func schema() async throws {
        let printed = try await CommandRun.ckdash(["model", "schema", Self.share])
        #expect(printed.status == 0)
        for type in ["CD_Photo", "CD_PhotoData", "CD_Rating", "CD_Tag", "CD_Thumbnail", "CDMR"] {
            #expect(printed.standardOutput.contains("RECORD TYPE \(type) ("), "\(type)")
        }
        #expect(printed.standardOutput.contains("CD_displayName_ckAsset ASSET") && !printed.standardOutput.contains("CD_photoCount"))
        let publicSchema = try await CommandRun.ckdash(["model", "schema", Self.share, "--database", "public"]).standardOutput
        #expect(publicSchema.components(separatedBy: "\"___modTime\"    TIMESTAMP QUERYABLE").count > 1)
        let base = try temporaryFile("DEFINE SCHEMA\n    RECORD TYPE Party (title STRING, GRANT READ TO \"_world\");\n")
        let merged = try await CommandRun.ckdash(["model", "schema", Self.share, "--merge", base])
        #expect(merged.status == 0 && merged.standardOutput.contains("RECORD TYPE Party (") && merged.standardOutput.contains("RECORD TYPE CD_Photo ("))
    }

    @Test("check against a file: 0 when it fits, 1 naming the one missing field, 2 when the model cannot be read")
    func checkAgainstFiles() async throws {
        let full = try temporaryFile(try await CommandRun.ckdash(["model", "schema", Self.share]).standardOutput)
        let fits = try await CommandRun.ckdash(["model", "check", Self.share, "--schema", full])
        #expect(fits.status == 0 && fits.standardOutput.hasSuffix("fits \(full).\n"), "\(fits.standardOutput)")
        let short = try temporaryFile(try String(contentsOfFile: full, encoding: .utf8).replacingOccurrences(of: "        CD_uniqueName          STRING,\n", with: ""))
        let missing = try await CommandRun.ckdash(["model", "check", Self.share, "--schema", short])
        #expect(missing.status == 1)
        #expect(missing.standardOutput == "error: Photo.uniqueName: saves of Photo.uniqueName will fail in \(short): CD_Photo lacks CD_uniqueName (STRING)\n1 error, 0 warnings.\n")
        let json = try await CommandRun.ckdash(["model", "check", Self.share, "--schema", short, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["errors"] as? Int == 1 && report["database"] as? String == "private" && json.status == 1)

        let broken = try temporaryFile("<model>\n<entity name=\"A\">\n<attribute name=\"x\" attributeType=\"Text\"/>\n</entity>\n</model>\n")
        let unreadable = try await CommandRun.ckdash(["model", "check", broken, "--schema", full])
        #expect(unreadable.status == 2)
        #expect(unreadable.standardError.hasPrefix("ckdash: \(broken), line 3: expected the type of A.x to be one of Integer 16"), "\(unreadable.standardError)")
    }

    @Test("check against a server: production lacks the model, then after importing it into development and deploying, fits")
    func checkAgainstServer() async throws {
        let server = try await LiveServer()
        let before = try await server.ckdash(["model", "check", Self.share])
        #expect(before.status == 1 && before.standardOutput.contains("error: Photo: production has no record type CD_Photo"))
        let development = try await server.ckdash(["model", "check", Self.share, "--environment", "development"])
        #expect(development.status == 0 && development.standardOutput.contains("warning: Photo: development has no record type CD_Photo"))

        let exported = try temporaryFile(try await server.ckdash(["schema", "export"]).standardOutput)
        let merged = try temporaryFile(try await server.ckdash(["model", "schema", Self.share, "--merge", exported]).standardOutput)
        #expect(try await server.ckdash(["schema", "import", merged]).status == 0)
        #expect(try await server.ckdash(["schema", "deploy"], input: server.container + "\n").status == 0)
        let after = try await server.ckdash(["model", "check", Self.share])
        #expect(after.status == 0 && after.standardOutput.hasSuffix("fits production.\n"), "\(after.standardOutput)\(after.standardError)")
    }

    @Test("the demo's journal model fits development exactly; production lacks Entry.mood alone, until development is deployed")
    func demoJournal() async throws {
        let journal = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Demo/Journal.xcdatamodeld").path
        let server = try await LiveServer(container: "iCloud.com.example.TravelJournal", journalDemo: true)
        let development = try await server.ckdash(["model", "check", journal, "--environment", "development"])
        #expect(development.status == 0 && development.standardOutput == "\(journal) fits development.\n", "\(development.standardOutput)")
        let production = try await server.ckdash(["model", "check", journal])
        #expect(production.status == 1)
        #expect(production.standardOutput == "error: Entry.mood: saves of Entry.mood will fail in production: CD_Entry lacks CD_mood (INT64)\n1 error, 0 warnings.\n")
        #expect(try await server.ckdash(["schema", "deploy"], input: server.container + "\n").status == 0)
        #expect(try await server.ckdash(["model", "check", journal]).status == 0)
    }

    @Test("records export leaves the journal's encrypted text out and says so; --include-encrypted writes it")
    func encryptedExport() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.TravelJournal", journalDemo: true)
        let arguments = ["records", "export", "--type", "CD_Entry", "--zone", "com.apple.coredata.cloudkit.zone", "--database", "private", "--as-user", "demo"]
        let export = try await server.ckdash(arguments)
        #expect(export.status == 0 && export.standardOutput.contains("CD_title") && !export.standardOutput.contains("CD_text"), "\(export.standardError)")
        #expect(export.standardError.contains("Leaving out the encrypted fields CD_text: --include-encrypted writes them."))
        let everything = try await server.ckdash(arguments + ["--include-encrypted"])
        #expect(everything.status == 0 && everything.standardOutput.contains("\"CD_text\""))
    }
}
