import CKTestSupport
import Foundation
import Testing

@Suite("ckdash schema, run as a command", .heavy)
struct SchemaCommandTests {
    @Test("format prints a cktool export unchanged and --check accepts it")
    func formatExport() async throws {
        let path = schemaFixture("apple-coins-v2")
        let run = try await CommandRun.ckdash(["schema", "format", path])
        #expect(run.status == 0)
        #expect(run.standardOutput == (try String(contentsOfFile: path, encoding: .utf8)))
        #expect(try await CommandRun.ckdash(["schema", "format", "--check", path]).status == 0)
    }

    @Test("format --check fails on a hand-written file and --write makes it canonical")
    func formatCheckAndWrite() async throws {
        let original = try String(contentsOfFile: schemaFixture("mistkit-celestra"), encoding: .utf8)
        let path = try temporaryFile(original)
        let check = try await CommandRun.ckdash(["schema", "format", "--check", path])
        #expect(check.status == 1)
        #expect(check.standardOutput.isEmpty)
        #expect(check.standardError.contains("not in canonical form"))
        #expect(try await CommandRun.ckdash(["schema", "format", "--write", path]).status == 0)
        let rewritten = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rewritten.hasPrefix("DEFINE SCHEMA\n\n    RECORD TYPE Feed (\n"))
        #expect(try await CommandRun.ckdash(["schema", "format", "--check", path]).status == 0)
        #expect(try await CommandRun.ckdash(["schema", "format", "-"], input: original).standardOutput == rewritten)
    }

    @Test("format --write writes through a symbolic link and keeps the file's permissions")
    func formatWriteKeepsFile() async throws {
        let original = try String(contentsOfFile: schemaFixture("mistkit-celestra"), encoding: .utf8)
        let target = try temporaryFile(original)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let link = (target as NSString).deletingLastPathComponent + "/link.ckdb"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try await CommandRun.ckdash(["schema", "format", "--write", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("DEFINE SCHEMA\n\n    RECORD TYPE Feed (\n"))
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o640)
    }

    @Test("many errors on standard error are all read")
    func manyErrors() async throws {
        let fields = (0..<3000).map { _ in "a STRING" }.joined(separator: ", ")
        let invalid = try temporaryFile("DEFINE SCHEMA RECORD TYPE T (\(fields));")
        let run = try await CommandRun.ckdash(["schema", "format", invalid])
        #expect(run.status == 2)
        #expect(run.standardError.split(separator: "\n").count == 3000)
    }

    @Test("format refuses a file with a syntax error: one line on stderr with line and column, status 2")
    func formatSyntaxError() async throws {
        let path = try temporaryFile("DEFINE SCHEMA\n    RECORD TYPE T (\n        name BADTYPE\n    );\n")
        let run = try await CommandRun.ckdash(["schema", "format", path])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "ckdash: \(path):3:14: found \"BADTYPE\", expected a field type (ASSET, BYTES, DOUBLE, INT64, LOCATION, REFERENCE, STRING, TIMESTAMP, ENCRYPTED, NUMBER or LIST)\n")
    }

    @Test("a missing file is one clear line and status 2")
    func missingFile() async throws {
        let run = try await CommandRun.ckdash(["schema", "lint", "/nonexistent/schema.ckdb"])
        #expect(run.status == 2)
        #expect(run.standardError == "ckdash: cannot read /nonexistent/schema.ckdb: no such file\n")
        let folder = try await CommandRun.ckdash(["schema", "format", FileManager.default.temporaryDirectory.path])
        #expect(folder.status == 2)
        #expect(folder.standardError.hasSuffix(": it is a folder\n"))
    }

    @Test("lint prints warnings with line numbers and exits 0; --strict makes warnings fail")
    func lintWarnings() async throws {
        let path = schemaFixture("apple-coins-v1")
        let run = try await CommandRun.ckdash(["schema", "lint", path])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):39:9: warning: Currencies: \"___recordID\" is not QUERYABLE, so every query without a filter on Currencies fails [record-id-not-queryable]",
            "\(path):40:9: warning: Currencies.countryCode is SORTABLE but not QUERYABLE: sorting and ranges work, equality filters fail [sortable-without-queryable]",
            "\(path): 0 errors, 2 warnings",
        ])
        #expect(try await CommandRun.ckdash(["schema", "lint", "--strict", path]).status == 1)
    }

    @Test("lint reports errors with line numbers and exits 1; --json gives the same as JSON")
    func lintErrors() async throws {
        let path = try temporaryFile("DEFINE SCHEMA\nRECORD TYPE T (\n  a STRING,\n  a INT64 SEARCHABLE,\n  GRANT READ TO Nobody\n);\n")
        let run = try await CommandRun.ckdash(["schema", "lint", path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\(path):4:3: error: T declares the field a twice [duplicate-field]"))
        #expect(run.standardOutput.contains("\(path):4:3: error: T.a: SEARCHABLE is a text index"))
        #expect(run.standardOutput.contains("\(path):5:3: error: T grants READ to \"Nobody\""))
        #expect(run.standardOutput.hasSuffix("3 errors, 1 warning\n"))
        let json = try await CommandRun.ckdash(["schema", "lint", "--json", path])
        #expect(json.status == 1)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(issues.map { $0["rule"] as? String } == ["record-id-not-queryable", "duplicate-field", "invalid-index", "unknown-role"])
        #expect((issues[1]["location"] as? [String: Int]) == ["line": 4, "column": 3])
    }

    @Test("lint reports a syntax error as an error line")
    func lintSyntaxError() async throws {
        let path = try temporaryFile("DEFINE SCHEMA RECORD TYPE T (a STRING")
        let run = try await CommandRun.ckdash(["schema", "lint", path])
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("\(path):1:38: error: found the end of the file, expected \",\" or \")\""))
    }

    @Test("diff of coins v1 and v2 reports the added record type and nothing else")
    func diffCoins() async throws {
        let v1 = schemaFixture("apple-coins-v1")
        let v2 = schemaFixture("apple-coins-v2")
        let run = try await CommandRun.ckdash(["schema", "diff", v1, v2])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(6)) == [
            "Deploying \(v2) over \(v1)", "", "Safe additions (1):", "  + add record type Countries (2 fields, 3 grants)",
            "", "1 change, 0 blocked.",
        ])
        #expect(lines[6].hasPrefix("digest ") && lines[6].count == 7 + 64)
    }

    @Test("diff --json lists the changes with their class and the digest")
    func diffJSON() async throws {
        let run = try await CommandRun.ckdash(["schema", "diff", "--json", schemaFixture("apple-coins-v1"), schemaFixture("apple-coins-v2")])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes[0]["class"] as? String == "safe")
        #expect(changes[0]["change"] as? String == "recordTypeAdded")
        #expect(changes[0]["recordType"] as? String == "Countries")
        #expect(report["blocked"] as? Bool == false)
        #expect((report["digest"] as? String)?.count == 64)
    }

    @Test("removing a field or changing its type is blocked, with the reason, and exits 1")
    func diffBlocked() async throws {
        let v1 = try String(contentsOfFile: schemaFixture("apple-coins-v1"), encoding: .utf8)
        let removed = try temporaryFile(v1.replacingOccurrences(of: "        issueYear       INT64,\n", with: ""))
        let retyped = try temporaryFile(v1.replacingOccurrences(of: "issueYear       INT64", with: "issueYear       STRING"))
        let removal = try await CommandRun.ckdash(["schema", "diff", schemaFixture("apple-coins-v1"), removed])
        #expect(removal.status == 1)
        #expect(removal.standardOutput.contains("Blocked changes (1):\n  x remove field Coins.issueYear\n      fields in production can never be removed"))
        #expect(removal.standardOutput.contains("production refuses this deploy"))
        let retyping = try await CommandRun.ckdash(["schema", "diff", "--json", schemaFixture("apple-coins-v1"), retyped])
        #expect(retyping.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(retyping.standardOutput.utf8)) as? [String: Any])
        let change = try #require((report["changes"] as? [[String: Any]])?.first)
        #expect(change["class"] as? String == "blocked")
        #expect(change["fromType"] as? String == "INT64")
        #expect(change["toType"] as? String == "STRING")
        #expect(report["blocked"] as? Bool == true)
    }

    @Test("diff refuses an invalid schema, printing its errors")
    func diffInvalid() async throws {
        let invalid = try temporaryFile("DEFINE SCHEMA RECORD TYPE T (a STRING, a STRING);")
        let run = try await CommandRun.ckdash(["schema", "diff", schemaFixture("apple-empty"), invalid])
        #expect(run.status == 2)
        #expect(run.standardError.contains("error: T declares the field a twice"))
        #expect(run.standardError.hasSuffix("ckdash: \(invalid) is not a valid schema (1 error)\n"))
    }

    @Test("format rejects --check with --write as a usage error")
    func usageError() async throws {
        let run = try await CommandRun.ckdash(["schema", "format", "--check", "--write", schemaFixture("apple-empty")])
        #expect(run.status != 0)
        #expect(run.standardError.contains("--check and --write cannot be used together"))
    }
}
