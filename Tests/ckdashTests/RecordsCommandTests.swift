import CKTestSupport
import Foundation
import Testing

@Suite("ckdash records, against a live ckserver", .heavy)
struct RecordsCommandTests {
    /// A record of type Item as a line of wire JSON; every seventh title has a comma and quotes for CSV.
    static func itemLine(_ number: Int) -> String {
        let title = number % 7 == 0 ? "Item \(number), \\\"special\\\"" : "Item \(number)"
        return """
            {"recordName":"item-\(String(format: "%04d", number))","fields":{"title":{"value":"\(title)","type":"STRING"},\
            "price":{"value":\(Double(number) + 0.5),"type":"DOUBLE"},"stock":{"value":\(number % 13),"type":"INT64"},\
            "tags":{"value":["a","b\(number % 3)"],"type":"STRING_LIST"}}}
            """
    }

    /// Imports items 0..<count into the server's container.
    static func seed(_ server: LiveServer, count: Int, arguments: [String] = []) async throws {
        let file = try temporaryFile((0..<count).map(itemLine).joined(separator: "\n") + "\n", named: "items.jsonl")
        let run = try await server.ckdash(["records", "import", file, "--type", "Item"] + arguments)
        #expect(run.status == 0, "\(run.standardError)")
    }

    /// Each record of the JSON lines output by name, with its fields as parsed JSON.
    static func recordsByName(_ jsonLines: String) throws -> [String: NSDictionary] {
        var records: [String: NSDictionary] = [:]
        for line in jsonLines.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            records[object?["recordName"] as? String ?? ""] = (object?["fields"] as? NSDictionary) ?? [:]
        }
        return records
    }

    @Test("query filters and sorts, pages with --all, and prints JSON lines")
    func query() async throws {
        let server = try await LiveServer()
        try await Self.seed(server, count: 250)
        let sorted = try await server.ckdash(["records", "query", "--type", "Item", "--filter", "price > 246", "--sort", "price:desc", "--fields", "price,stock"])
        #expect(sorted.status == 0, "\(sorted.standardError)")
        #expect(sorted.standardOutput == "RECORD NAME  price  stock\nitem-0249    249.5  2\nitem-0248    248.5  1\nitem-0247    247.5  0\nitem-0246    246.5  12\n")
        let page = try await server.ckdash(["records", "query", "--type", "Item", "--json"])
        #expect(page.standardOutput.split(separator: "\n").count == 200)
        let all = try await server.ckdash(["records", "query", "--type", "Item", "--all", "--json"])
        #expect(try Self.recordsByName(all.standardOutput).count == 250)
        #expect(try await server.ckdash(["records", "query", "--type", "Item", "--limit", "3", "--json"]).standardOutput.split(separator: "\n").count == 3)
        let bad = try await server.ckdash(["records", "query", "--type", "Item", "--filter", "stock > many"])
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix("ckdash: --filter \"stock > many\""))
    }

    @Test("create, update, lookup and delete by name; a read-only token is refused")
    func createUpdateLookupDelete() async throws {
        let server = try await LiveServer(readOnlyToken: true)
        try await Self.seed(server, count: 1)
        let created = try await server.ckdash(["records", "create", "--type", "Item", "--name", "apple", "--field", "title=Apple", "--field", "price=2", "--field", "stock=7"])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("apple        2.0    7      Apple"))
        let updated = try await server.ckdash(["records", "update", "apple", "--field", "price=3.25", "--remove-field", "title"])
        #expect(updated.status == 0, "\(updated.standardError)")
        let lookup = try await server.ckdash(["records", "lookup", "apple", "--json"])
        let fields = try Self.recordsByName(lookup.standardOutput)["apple"]
        #expect((fields?["price"] as? [String: Any])?["value"] as? Double == 3.25)
        #expect(fields?["title"] == nil)
        let missing = try await server.ckdash(["records", "lookup", "apple", "pear"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("apple"))
        #expect(missing.standardError == "no record named pear\n")
        #expect(try await server.ckdash(["records", "delete", "apple"]).status == 0)
        #expect(try await server.ckdash(["records", "lookup", "apple"]).status == 1)
        let refused = try await server.ckdash(
            ["records", "create", "--type", "Item", "--field", "title=Nope"], environment: ["CKDASH_TOKEN": server.readOnlyToken ?? ""])
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix("ckdash: "))
        #expect(refused.standardError.contains("read-only"))
    }

    @Test("update of a record with an ASSET field sends only what it sets; removing a field keeps the asset's file; the demo's locations print as written")
    func updateWithAsset() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let invitation = { (lookup: CommandRun) throws -> String? in
            let fields = try Self.recordsByName(lookup.standardOutput)["party-1"]
            return ((fields?["invitation"] as? [String: Any])?["value"] as? [String: Any])?["fileChecksum"] as? String
        }
        let before = try invitation(try await server.ckdash(["records", "lookup", "party-1", "--json"]))
        #expect(before != nil)
        let set = try await server.ckdash(["records", "update", "party-1", "--field", "rsvpCount=5"])
        #expect(set.status == 0, "\(set.standardError)")
        let removed = try await server.ckdash(["records", "update", "party-1", "--field", "name=Renamed", "--remove-field", "background"])
        #expect(removed.status == 0, "\(removed.standardError)")
        let after = try await server.ckdash(["records", "lookup", "party-1", "--json"])
        let fields = try Self.recordsByName(after.standardOutput)["party-1"]
        #expect((fields?["rsvpCount"] as? [String: Any])?["value"] as? Int == 5)
        #expect((fields?["name"] as? [String: Any])?["value"] as? String == "Renamed")
        #expect(fields?["background"] == nil)
        #expect(try invitation(after) == before)
        let located = try await server.ckdash(["records", "lookup", "party-32"])
        #expect(located.standardOutput.contains("48.862,2.343"), "\(located.standardOutput)")
    }

    @Test("update over a change tag that is no longer current is a conflict naming the server's tag, and saves nothing")
    func updateConflict() async throws {
        let server = try await LiveServer()
        try await Self.seed(server, count: 1)
        func changeTag() async throws -> String? {
            let line = try await server.ckdash(["records", "lookup", "item-0000", "--json"]).standardOutput
            return (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["recordChangeTag"] as? String
        }
        let read = try #require(try await changeTag())
        #expect(try await server.ckdash(["records", "update", "item-0000", "--field", "stock=1", "--if-change-tag", read]).status == 0)
        let current = try #require(try await changeTag())
        #expect(current != read)
        let stale = try await server.ckdash(["records", "update", "item-0000", "--field", "stock=99", "--if-change-tag", read])
        #expect(stale.status == 2)
        #expect(stale.standardError == "ckdash: CONFLICT: item-0000 changed on the server since it was read (its change tag is now \(current)); nothing was saved\n")
        #expect(try await server.ckdash(["records", "query", "--type", "Item", "--fields", "stock"]).standardOutput.contains("item-0000    1\n"))
    }

    @Test("--as-user reaches that user's private database and zones; without it the command says to give one")
    func privateDatabaseAsUser() async throws {
        let server = try await LiveServer()
        try await Self.seed(server, count: 1)
        #expect(try await server.ckdash(["users", "create", "mei", "--email", "mei@example.com"]).status == 0)
        let asMei = ["--database", "private", "--as-user", "mei@example.com"]
        let withoutUser = try await server.ckdash(["records", "query", "--type", "Item", "--database", "private"])
        #expect(withoutUser.status == 2)
        #expect(withoutUser.standardError == "ckdash: the private database belongs to a user: give --as-user USER (`ckdash users` lists them)\n")
        let unknown = try await server.ckdash(["zones", "--database", "private", "--as-user", "nobody"])
        #expect(unknown.standardError == "ckdash: there is no user nobody in \(server.container) to act as (it has mei)\n")

        #expect(try await server.ckdash(["zones", "create", "Notes"] + asMei).status == 0)
        #expect(try await server.ckdash(["zones"] + asMei).standardOutput.contains("Notes"))
        let created = try await server.ckdash(["records", "create", "--type", "Item", "--name", "mine", "--field", "title=Mine", "--zone", "Notes"] + asMei)
        #expect(created.status == 0, "\(created.standardError)")
        let own = try await server.ckdash(["records", "query", "--type", "Item", "--zone", "Notes", "--fields", "title"] + asMei)
        #expect(own.standardOutput == "RECORD NAME  title\nmine         Mine\n")
        let inPublic = try await server.ckdash(["records", "query", "--type", "Item", "--fields", "title"])
        #expect(!inPublic.standardOutput.contains("mine"))
        let viaEnvironment = try await server.ckdash(
            ["records", "lookup", "mine", "--zone", "Notes", "--database", "private"], environment: ["CKDASH_AS_USER": "mei"])
        #expect(viaEnvironment.status == 0 && viaEnvironment.standardOutput.contains("Mine"))
    }

    @Test("import, export and bulk delete show count, rate and time left on a terminal, and nothing on standard error when piped")
    func progressOnTerminalOnly() async throws {
        let server = try await LiveServer()
        let file = try temporaryFile((0..<1000).map(Self.itemLine).joined(separator: "\n") + "\n", named: "progress.jsonl")
        let imported = try await server.ckdashOnTerminal(["records", "import", file, "--type", "Item"])
        #expect(imported.status == 0, "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("batch 5: lines 801–1000: 200 created"))
        #expect(imported.standardOutput.contains("\r\u{1B}[2K400 records · "))
        #expect(imported.standardOutput.contains("s left"))
        let exported = try await server.ckdashOnTerminal(["records", "export", "--type", "Item", "--output", file + ".out"])
        #expect(exported.standardOutput.contains("\r\u{1B}[2K200 records · "), "the first page is always drawn; later ones at most ten times a second")
        let deleted = try await server.ckdashOnTerminal(["records", "delete", "--type", "Item", "--filter", "stock >= 0", "--yes"])
        #expect(deleted.standardOutput.contains("of 1,000 records deleted · "))
        #expect(deleted.standardOutput.hasSuffix("Deleted 1000 records.\r\n"))

        let piped = try await server.ckdash(["records", "import", file, "--type", "Item"])
        #expect(piped.status == 0 && piped.standardError.isEmpty)
        #expect(try await server.ckdash(["records", "export", "--type", "Item", "--output", file + ".out"]).standardError.isEmpty)
    }

    @Test("delete by query: --dry-run lists, a wrong count is refused, --yes deletes")
    func deleteByQuery() async throws {
        let server = try await LiveServer()
        try await Self.seed(server, count: 30)
        let dryRun = try await server.ckdash(["records", "delete", "--type", "Item", "--filter", "stock == 0", "--dry-run"])
        #expect(dryRun.standardOutput == "3 records of Item would be deleted:\n  item-0000\n  item-0013\n  item-0026\n")
        let wrong = try await server.ckdash(["records", "delete", "--type", "Item", "--filter", "stock == 0"], input: "2\n")
        #expect(wrong.status == 2)
        let typed = try await server.ckdash(["records", "delete", "--type", "Item", "--filter", "stock == 0"], input: "3\n")
        #expect(typed.status == 0, "\(typed.standardError)")
        #expect(typed.standardOutput == "Deleted 3 records.\n")
        #expect(try await server.ckdash(["records", "delete", "--type", "Item", "--filter", "stock < 2", "--yes"]).standardOutput == "Deleted 3 records.\n")
        #expect(try await server.ckdash(["records", "query", "--type", "Item", "--all", "--json"]).standardOutput.split(separator: "\n").count == 24)
    }

    @Test("export 2,500 records to JSON lines and CSV; importing each into another container gives the same records")
    func exportImportRoundTrip() async throws {
        let server = try await LiveServer(otherContainers: ["iCloud.com.example.FromJSON", "iCloud.com.example.FromCSV"])
        try await Self.seed(server, count: 2500)
        let folder = (try temporaryFile("", named: "x") as NSString).deletingLastPathComponent
        let jsonl = folder + "/items.jsonl"
        let csv = folder + "/items.csv"
        let schema = folder + "/schema.ckdb"
        #expect(try await server.ckdash(["records", "export", "--type", "Item", "--output", jsonl]).standardOutput == "Exported 2500 records of Item to \(jsonl).\n")
        #expect(try await server.ckdash(["records", "export", "--type", "Item", "--output", csv]).status == 0)
        #expect(try await server.ckdash(["schema", "export", "--output", schema]).status == 0)
        let original = try Self.recordsByName(String(contentsOfFile: jsonl, encoding: .utf8))
        #expect(original.count == 2500)
        for (container, file) in [("iCloud.com.example.FromJSON", jsonl), ("iCloud.com.example.FromCSV", csv)] {
            #expect(try await server.ckdash(["schema", "import", schema, "--container", container]).status == 0)
            let imported = try await server.ckdash(["records", "import", file, "--type", "Item", "--container", container])
            #expect(imported.status == 0, "\(imported.standardError)")
            #expect(imported.standardOutput.split(separator: "\n").count == 13)
            let copy = try await server.ckdash(["records", "query", "--type", "Item", "--all", "--json", "--container", container])
            #expect(try Self.recordsByName(copy.standardOutput) == original, "\(container)")
        }
        #expect(!FileManager.default.fileExists(atPath: csv + ".ckdash-import"))
    }

    @Test("an import that fails half-way keeps a journal; after the fix it resumes and creates each record once")
    func importResumes() async throws {
        let server = try await LiveServer()
        try await Self.seed(server, count: 1)
        let rows = (1...1000).map { "row-\($0),\($0 == 500 ? "many" : String($0 % 13)),Row \($0)" }
        let path = try temporaryFile((["recordName,stock,title"] + rows).joined(separator: "\n") + "\n", named: "rows.csv")
        let journal = path + ".ckdash-import"
        let failed = try await server.ckdash(["records", "import", path, "--type", "Item"])
        #expect(failed.status == 2)
        #expect(failed.standardOutput.hasPrefix("batch 1: lines 2–201: 200 created, 0 already there\nbatch 2: lines 202–401: 200 created, 0 already there\n"))
        #expect(failed.standardError.contains("line 501: "))
        #expect(try String(contentsOfFile: journal, encoding: .utf8).contains("\"linesDone\":401"))
        let check = try await server.ckdash(["records", "import", path, "--type", "Item", "--dry-run"])
        #expect(check.status == 1)
        #expect(check.standardOutput == "Dry run: 999 valid records, 1 invalid; nothing was sent.\n")
        #expect(check.standardError.hasPrefix("line 501: stock: "))
        try (["recordName,stock,title"] + rows.map { $0.replacingOccurrences(of: ",many,", with: ",5,") }).joined(separator: "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let resumed = try await server.ckdash(["records", "import", path, "--type", "Item"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("Resuming after line 401"))
        #expect(resumed.standardOutput.hasPrefix("batch 1: lines 402–601: 200 created"))
        #expect(!FileManager.default.fileExists(atPath: journal))
        let again = try await server.ckdash(["records", "import", path, "--type", "Item"])
        #expect(again.standardOutput.contains("batch 5: lines 802–1001: 0 created, 200 already there"))
        #expect(try await server.ckdash(["records", "query", "--type", "Item", "--all", "--json"]).standardOutput.split(separator: "\n").count == 1001)
        let dryRun = try await server.ckdash(["records", "import", path, "--type", "Item", "--dry-run"])
        #expect(dryRun.standardOutput == "Dry run: 1000 valid records, 0 invalid; nothing was sent.\n")
    }
}
