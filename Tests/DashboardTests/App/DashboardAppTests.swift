import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The dashboard as a user drives it: keys in, screens out, against the embedded demo server.
@Suite("Dashboard: navigation, commands, filters and the records screen's actions", .heavy)
struct DashboardAppTests {
    static let wide = Size(width: 160, height: 50)

    @Test("one G goes to the last record of the result, fetching page after page, keeping only a few pages in memory")
    func paging() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.command("records Party")
            #expect(dashboard.screen.contains("1/3,000"))
            try await dashboard.press(.character("G"))
            #expect(dashboard.screen.contains("3,000/3,000"), "\(dashboard.screen)")
            #expect(!dashboard.screen.contains("going to the end"))
            let records = try #require(dashboard.app.top as? RecordsScreen)
            #expect(records.selectedRecord?.recordName != nil)
            #expect(records.pagesInMemory <= 5)
            try await dashboard.press(.character("g"))
            #expect(dashboard.screen.contains("1/3,000"))
            #expect(dashboard.lines[3].contains("party-1 "))
            try await dashboard.command("records Party")
            dashboard.send(.key(.character("G")))
            #expect(dashboard.screen.contains("going to the end (Esc stops)"))
            try await dashboard.press(.escape)
            #expect(!dashboard.screen.contains("going to the end") && !dashboard.screen.contains("3,000/3,000"), "\(dashboard.screen)")
            #expect(!dashboard.screen.contains("Cancelled: the records stop here"), "Esc stops the going to the end, not the table")
            try await dashboard.press(.character("g"))
            #expect(dashboard.lines[3].contains("party-1 "))
        }
    }

    @Test("/ on the records screen queries the server; a field without QUERYABLE is refused with the reason")
    func quickQuery() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.wide)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("name BEGINS_WITH Gala and rsvpCount > 100")
            try await dashboard.press(.enter)
            let rows = dashboard.lines[3..<20].filter { $0.contains("party-") }
            #expect(!rows.isEmpty)
            #expect(rows.allSatisfy { $0.contains("Gala") })
            try await dashboard.press(.character("/"), .control("u"))
            try await dashboard.type("background = x")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("background is not QUERYABLE in Party"))
            try await dashboard.press(.escape)
            #expect(dashboard.screen.contains("Records of Party [3,000]"))
        }
    }

    @Test("s sorts by a sortable field, c hides and reorders columns, y copies the record as JSON")
    func sortColumnsAndCopy() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.wide)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("s"))
            #expect(dashboard.screen.contains("Sort by"))
            try await dashboard.type("jjjjjjjj")
            try await dashboard.press(.enter)
            #expect(dashboard.lines[2].contains("rsvpCount ▼"))
            #expect(dashboard.lines[3].contains(" 119 "))
            try await dashboard.press(.character("c"), .character(" "), .enter)
            #expect(!dashboard.lines[2].contains("background"))
            try await dashboard.press(.character("c"), .character("J"), .enter)
            let heading = dashboard.lines[2]
            #expect(try #require(heading.range(of: "invitation")).lowerBound < #require(heading.range(of: "date")).lowerBound)
            try await dashboard.press(.character("y"), .enter)
            let copied = try #require(dashboard.terminal.clipboard)
            #expect(copied.hasPrefix("{") && copied.contains("\"recordType\":\"Party\"") && copied.contains("\"rsvpCount\""))
        }
    }

    @Test("x exports the whole result as JSON lines; d downloads an asset to a file")
    func exportAndDownload() async throws {
        try await DemoServer.run { demo in
            let folder = demo.folder.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.command("records Shoebox")
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.press(.character("x"), .control("u"))
            try await dashboard.type(folder.appendingPathComponent("boxes.jsonl").path)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Exported 50 records"))
            let lines = try String(contentsOf: folder.appendingPathComponent("boxes.jsonl"), encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 50 && lines.allSatisfy { $0.contains("\"recordType\":\"Shoebox\"") })

            try await dashboard.command("db public")
            try await dashboard.command("zone -")
            try await dashboard.command("record party-1")
            try await dashboard.press(.character("j"), .character("j"), .character("d"), .control("u"))
            try await dashboard.type(folder.appendingPathComponent("card.txt").path)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Saved 49 B"))
            #expect(try String(contentsOf: folder.appendingPathComponent("card.txt"), encoding: .utf8).hasPrefix("You are invited"))
        }
    }

    @Test("Enter follows a reference and Esc comes back; the shoebox lists the receipts that point to it")
    func references() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("record receipt-3-2")
            try await dashboard.press(.character("j"), .character("j"), .enter)
            #expect(dashboard.lines[1].contains("Record shoebox-3"))
            #expect(dashboard.screen.contains("← receipt-3-1"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Record receipt-3-2"))
        }
    }

    @Test("the command palette switches environment and theme, and explains what it cannot do")
    func palette() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.command("env prod")
            #expect(dashboard.lines[0].contains("PRODUCTION") && dashboard.lines[0].contains("production"))
            #expect(dashboard.lines.contains { $0.hasPrefix("│▸Party ") && $0.contains(" 500 ") })
            try await dashboard.command("theme light")
            #expect(dashboard.lines[22].contains("light"))
            try await dashboard.command("theme nope")
            #expect(dashboard.screen.contains("no theme named \"nope\""))
            try await dashboard.command("frobnicate")
            #expect(dashboard.screen.contains("there is no command :frobnicate"))
            try await dashboard.command("db private")
            #expect(dashboard.screen.contains("belongs to a user"))
            try await dashboard.command("user nobody")
            #expect(dashboard.screen.contains("There is no user nobody"))
        }
    }

    @Test("/ filters the record types as you type; Esc restores the list")
    func liveFilter() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.press(.character("/"))
            try await dashboard.type("sho")
            #expect(dashboard.lines[1].contains("Record types [1] /sho"))
            #expect(dashboard.lines[3].contains("Shoebox"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Record types [4]"))
        }
    }

    @Test("a read-only management token makes the session read-only: [RO] in the header")
    func readOnlyToken() async throws {
        try await DemoServer.run { demo in
            let viewer = try await demo.client.createManagementToken(name: "viewer", container: nil, readOnly: true)
            let client = CloudKitClient(configuration: ClientConfiguration(
                serverURL: demo.server.url, container: nil, credentials: .managementToken(viewer.secret), retryPolicy: .never))
            let dashboard = DashboardHarness(demo, client: client)
            try await dashboard.start()
            #expect(dashboard.lines[0].contains("[RO]"))
            #expect(dashboard.screen.contains("is read-only"))
            try await client.shutdown()
        }
    }

    @Test("the containers screen switches environment with e and opens a user's private database chosen with d")
    func containersScreen() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.press(.escape, .character("e"))
            #expect(dashboard.lines[2].contains("Environment production"))
            try await dashboard.press(.character("e"), .character("d"))
            #expect(dashboard.screen.contains("private of demo"))
            try await dashboard.press(.character("j"), .enter, .enter)
            #expect(dashboard.lines[0].contains("private as demo"))
        }
    }

    @Test("Esc while a screen loads cancels the fetch and says so; r fetches again")
    func cancelLoading() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            dashboard.app.handle(.key(.enter))
            dashboard.app.handle(.key(.escape))
            #expect(dashboard.screen.contains("Cancelled"))
            #expect(dashboard.lines[1].contains("Records of Party"))
            try await dashboard.press(.character("r"))
            #expect(dashboard.lines[3].contains("party-1 "))
        }
    }

    @Test("until the first page of records comes the table says they are loading, never that there are none")
    func recordsLoading() async throws {
        try await DashboardHarness.started { dashboard in
            for key in [Key.character(":")] + "records Party".map(Key.character) + [.enter] {
                dashboard.send(.key(key))
            }
            var sawLoading = false
            let deadline = ContinuousClock.now + .seconds(20)
            while !dashboard.screen.contains("party-1 ") {
                try #require(ContinuousClock.now < deadline, "the first page never came\n\(dashboard.screen)")
                try #require(!dashboard.screen.contains("No Party records"), "\(dashboard.screen)")
                sawLoading = sawLoading || dashboard.screen.contains("Loading Party records…")
                try await Task.sleep(for: .milliseconds(1))
                dashboard.app.deliverFinishedWork()
            }
            #expect(sawLoading)
        }
    }

    @Test("a terminal that hangs up ends the run loop, without drawing on it")
    func hangup() async throws {
        try await DashboardHarness.started { dashboard in
            let frames = dashboard.terminal.framesPresented
            dashboard.app.handle(.hangup)
            #expect(dashboard.app.hasQuit)
            #expect(dashboard.terminal.framesPresented == frames)
        }
    }

    @Test("a terminal smaller than 40×10 gets a message in full, and the screen comes back when it grows")
    func tinyTerminal() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.resize(to: Size(width: 30, height: 8))
            #expect(dashboard.lines[0...1].map { $0.trimmingCharacters(in: .whitespaces) } == ["Terminal too small: ckdash", "needs 40×10"])
            try await dashboard.resize(to: Size(width: 100, height: 30))
            #expect(dashboard.lines[1].contains("Record types [4]") && dashboard.lines.count == 30)
        }
    }
}
