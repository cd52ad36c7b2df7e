import CKModel
import CKServer
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The sharing screens against their goldens, on the demo's `iCloud.com.example.TravelJournal`, whose Core Data
/// share zone `demo` shares with `guest`.
extension ScreenGoldenTests {
    @Test("the journal's zone-wide share as its owner sees it, with guest accepted; the same share seen by guest", arguments: sizes)
    func shares(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("container \(EmbeddedServer.journalContainer.rawValue)")
            try await dashboard.command("db private demo")
            try await dashboard.command("shares")
            try await dashboard.waitUntil("the participants' names") { dashboard.screen.contains("guest") }
            // The demo's short GUID is made at random on its first start: the goldens show it as G….
            let shortGUID = try #require(try await demo.journalShortGUID())
            let masked = { dashboard.lines.map { $0.replacingOccurrences(of: shortGUID, with: String(repeating: "G", count: shortGUID.count)) } }
            try Golden.expect(masked(), matches: "shares-owner-\(size.width)x\(size.height)")
            try await dashboard.command("db shared guest")
            try await dashboard.waitUntil("the owner's name") { dashboard.screen.contains("demo ") }
            try Golden.expect(masked(), matches: "shares-participant-\(size.width)x\(size.height)")
        }
    }
}

extension DemoServer {
    /// The short GUID of the journal demo's zone-wide share.
    func journalShortGUID() async throws -> String? {
        let users = try await client.addressing(EmbeddedServer.journalContainer, environment: .development).users()
        let owner = try #require(users.first { $0.name == "demo" }).userRecordName
        let client = client.addressing(EmbeddedServer.journalContainer, environment: .development).database(.private).actingAsUser(recordName: owner)
        return try await client.queryRecords(Query(recordType: ShareRecord.recordType), zoneWide: true).records.first?.get().shortGUID
    }
}
