import CKTestSupport
import Foundation
import Testing

@Suite("ckdash logs against a running ckserver", .heavy, .serialized)
struct LogsCommandTests {
    /// The operations of `ckdash logs --json` lines.
    private static func operations(_ output: String) throws -> [String] {
        try output.split(separator: "\n").compactMap {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["operation"] as? String
        }
    }

    @Test("lists the requests made, filters them, prints CSV, and follows new ones live")
    func logs() async throws {
        let server = try await LiveServer()
        #expect(try await server.ckdash(["zones"]).status == 0)
        let missing = try await server.ckdash(["records", "query", "--type", "Nothing", "--filter", "price > 1"])
        #expect(missing.status != 0)

        let listed = try await server.ckdash(["logs", "--json"])
        #expect(listed.status == 0)
        let operations = try Self.operations(listed.standardOutput)
        #expect(operations.first == "records/query" && operations.contains("zones/list"))
        #expect(!listed.standardOutput.contains(server.token))
        let first = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect((first["client"] as? String)?.hasPrefix("ckdash/") == true, "ckdash names itself in its User-Agent")
        let failed = try Self.operations(try await server.ckdash(["logs", "--error", "any", "--json"]).standardOutput)
        #expect(failed == ["records/query"])
        #expect(try Self.operations(try await server.ckdash(["logs", "--operation", "zones", "--json"]).standardOutput) == ["zones/list"])
        let table = try await server.ckdash(["logs"]).standardOutput
        #expect(table.hasPrefix("TIME ") && table.contains("zones/list") && table.contains("managementToken"))
        let csv = try await server.ckdash(["logs", "--csv", "--operation", "zones/list"]).standardOutput.split(separator: "\n")
        #expect(csv.count == 2 && csv[0].hasPrefix("time,requestID,container,") && csv[1].contains(",zones/list,200,"))
        let badTime = try await server.ckdash(["logs", "--since", "last week"])
        #expect(badTime.status != 0 && badTime.standardError.contains("--since last week is not a time"))
        let badCaller = try await server.ckdash(["logs", "--caller", "robot"])
        #expect(badCaller.status != 0)

        let chart = try await server.ckdash(["telemetry", "requests", "--range", "24h"])
        #expect(chart.status == 0)
        let lines = chart.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("requests · 24h · total ") == true, "\(chart.standardOutput)")
        #expect(lines.contains { $0.contains("│") && $0.contains { "▁▂▃▄▅▆▇█".contains($0) } } && lines.contains { $0.hasSuffix("now") })
        let grouped = try await server.ckdash(["telemetry", "errors", "--group-by", "operation", "--json"])
        let series = try #require(try JSONSerialization.jsonObject(with: Data(grouped.standardOutput.utf8)) as? [String: Any])
        #expect((series["series"] as? [[String: Any]])?.compactMap { $0["group"] as? String }.contains("records/query") == true)
        #expect(try await server.ckdash(["telemetry", "happiness"]).status != 0)

        // Followed for a few seconds, during which one more request comes.
        let ckdash = CommandRun.productsDirectory.appendingPathComponent("ckdash").path
        async let followed = CommandRun.program(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "INT", "6", ckdash, "logs", "--follow", "--limit", "1", "--json"],
            environment: server.environment)
        try await Task.sleep(for: .seconds(2))
        #expect(try await server.ckdash(["zones"]).status == 0)
        let follow = try await followed
        #expect(try Self.operations(follow.standardOutput) == ["records/query", "zones/list"])
    }
}
