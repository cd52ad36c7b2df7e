import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Foundation
import Testing

@testable import Dashboard

/// The request log's live view driven against the demo server: requests another client makes appear at the top
/// as they are logged; paused, none come until it follows again; the list keeps at most its capacity.
@Suite("Request log: the live view", .heavy)
struct LogsScreenTests {
    private static let size = Size(width: 160, height: 30)

    @Test("a failing request of another client appears at the top with its error; s pauses and follows again; / narrows; c clears")
    func follows() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("logs")
            #expect(dashboard.lines[1].contains("Request log [200] · live"))

            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try? await client.queryRecords(Query(recordType: "NoSuchType", filterBy: [Filter(.field("x"), .equals, .int64(1))]))
            try await dashboard.waitUntil("the failed query at the top") { dashboard.lines[1].contains("[201]") }
            let top = try #require(dashboard.lines.first { $0.hasPrefix("│▸") })
            #expect(top.contains("records/query") && top.contains("BAD_REQUEST") && top.contains("token"), "\(top)")

            try await dashboard.press(.character("s"))
            #expect(dashboard.lines[1].contains("· paused") && dashboard.screen.contains("Paused: s follows again."))
            _ = try await client.queryRecords(Query(recordType: "Party"), resultsLimit: 1)
            try await Task.sleep(for: .milliseconds(1_500))
            #expect(dashboard.lines[1].contains("[201]"), "nothing comes while paused")
            try await dashboard.press(.character("s"))
            try await dashboard.waitUntil("the query made while paused") { dashboard.lines[1].contains("[202]") }
            #expect(dashboard.lines[1].contains("· live"))

            try await dashboard.press(.character("/"))
            try await dashboard.type("BAD_REQUEST")
            try await dashboard.press(.enter)
            #expect(dashboard.lines[1].contains("/BAD_REQUEST"))
            try await dashboard.press(.escape, .character("c"))
            #expect(dashboard.lines[1].contains("Request log [0]"))
            try await dashboard.press(.escape)
            #expect(!dashboard.app.work.isWaiting, "the log is still followed after the view was left")
        }
    }

    @Test("after a burst of more requests than one answer holds, the list shows the newest and says how many it skipped")
    func burst() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("logs")
            #expect(dashboard.lines[1].contains("Request log [200] · live"))
            try await dashboard.press(.character("s"))
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let base = try #require(try await demo.client.requestLog(limit: 1).lastSequence)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        for _ in 0..<175 { _ = try await client.lookupRecords(named: ["party-\(worker + 1)"]) }
                    }
                }
                try await group.waitForAll()
            }
            var logged: Int64 = 0
            for _ in 0..<100 where logged < base + 700 {
                try await Task.sleep(for: .milliseconds(100))
                logged = try await demo.client.requestLog(limit: 1).entries.first?.sequence ?? 0
            }
            #expect(logged == base + 700, "the 700 lookups are logged, and nothing else")
            try await dashboard.press(.character("s"))
            try await dashboard.waitUntil("the newest page after the burst") { dashboard.lines[1].contains("Request log [400] · live") }
            #expect(dashboard.screen.contains("500 skipped in bursts to show the newest."), "the 500 the first answer held, before the newest 200")
        }
    }

    @Test("f filters on the server and 1–6 start from a window, both named in the title; 0 shows the whole log again")
    func filters() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("logs")
            try await dashboard.press(.character("f"), .tab)
            try await dashboard.type("any")
            for _ in 0..<6 { try await dashboard.press(.enter) }
            try await dashboard.waitUntil("the failed requests") { dashboard.lines[1].contains("(error any)") && !dashboard.screen.contains("Reading") }
            let rows = dashboard.lines.filter { $0.hasPrefix("│ ") || $0.hasPrefix("│▸") }.dropFirst()
            #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("CONFLICT") || $0.contains("SERVICE_UNAVAILABLE") || $0.contains("BAD_REQUEST") }, "\(rows)")

            try await dashboard.press(.character("2"))
            try await dashboard.waitUntil("the last five minutes") { dashboard.lines[1].contains("(last 5m, error any)") }
            try await dashboard.press(.character("0"))
            try await dashboard.waitUntil("the whole log again") { dashboard.lines[1].contains("Request log (error any)") }

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-logs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let listed = Int(try #require(dashboard.lines[1].firstMatch(of: /\[(\d+)\]/)?.output.1))
            for (name, header) in [("failed.csv", 1), ("failed.jsonl", 0)] {
                try await dashboard.press(.character("x"), .control("u"))
                try await dashboard.type(folder.appendingPathComponent(name).path)
                try await dashboard.press(.enter)
                try await dashboard.waitUntil("the export to \(name)") { dashboard.screen.contains("Exported") && dashboard.screen.contains(name) }
                let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
                #expect(lines.count == (listed ?? 0) + header)
                #expect(header == 0 ? lines.allSatisfy { $0.contains("\"serverErrorCode\"") || $0.contains("\"itemErrors\":{\"") } : lines[0].hasPrefix("time,requestID,"))
            }
        }
    }

    @Test("from a logged lookup, R opens its record and Z its zone as the user who looked, U acts as them; C hides a column")
    func openingFromAnEntry() async throws {
        try await DemoServer.run { demo in
            let user = try await demo.demoUser()
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("logs")
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
                .actingAsUser(recordName: user.userRecordName)
            _ = try await client.lookupRecords(named: ["receipt-1-1"], in: ZoneID(zoneName: "Receipts"))
            try await dashboard.waitUntil("the lookup at the top") { dashboard.lines.first { $0.hasPrefix("│▸") }?.contains("records/lookup") == true }

            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Names       receipt-1-1"))
            try await dashboard.press(.character("R"))
            try await dashboard.waitUntil("the record, as the user who looked it up") { dashboard.lines[1].contains("Record receipt-1-1") }
            try await dashboard.settle()
            #expect(dashboard.lines[0].contains("private as \(user.userRecordName)") && dashboard.lines[0].contains("Receipts"), "\(dashboard.lines[0])")
            #expect(!dashboard.screen.contains("NOT_FOUND") && !dashboard.screen.contains("r: try again"), "\(dashboard.screen)")

            try await dashboard.press(.escape, .character("Z"))
            try await dashboard.waitUntil("the zone's changes") { dashboard.lines[1].contains("Changes in Receipts") }
            try await dashboard.press(.escape)
            _ = try? await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).queryRecords(Query(recordType: "Party"), resultsLimit: 1)
            try await dashboard.waitUntil("the query at the top") { dashboard.lines.first { $0.hasPrefix("│▸") }?.contains("records/query") == true }
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text.contains("names no record") == true)

            try await dashboard.press(.character("/"))
            try await dashboard.type("lookup")
            try await dashboard.press(.enter, .character("U"))
            #expect(dashboard.app.status?.text.contains("Acting as \(user.userRecordName)") == true)

            try await dashboard.press(.character("C"), .character(" "), .enter)
            #expect(!dashboard.screen.contains(" TIME ") && dashboard.screen.contains("OPERATION"))
            try await dashboard.press(.escape, .escape)
        }
    }
}
