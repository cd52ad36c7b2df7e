import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// Every screen rendered into the in-memory terminal with the demo data, at 80×24 and 160×50, compared line by
/// line with the goldens in `Tests/DashboardTests/Goldens` (`CKDASH_UPDATE_GOLDENS=1` rewrites them).
@Suite("Screens against their goldens", .heavy)
struct ScreenGoldenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 160, height: 50)]

    @Test("browsing the demo: containers, record types, fields, schema, records, a record, help and palette", arguments: sizes)
    func browsing(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try Golden.expect(dashboard.lines, matches: "record-types-\(size.width)x\(size.height)")
            try await dashboard.press(.character("f"))
            try Golden.expect(dashboard.lines, matches: "fields-Party-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("s"))
            try Golden.expect(dashboard.lines, matches: "schema-text-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .escape)
            try Golden.expect(dashboard.lines, matches: "containers-\(size.width)x\(size.height)")
            try await dashboard.press(.enter, .enter)
            try Golden.expect(dashboard.lines, matches: "records-Party-\(size.width)x\(size.height)")
            try await dashboard.press(.character("?"))
            try Golden.expect(dashboard.lines, matches: "records-help-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .enter)
            try Golden.expect(dashboard.lines, matches: "record-party-1-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character(":"))
            try await dashboard.type("rec")
            try Golden.expect(dashboard.lines, matches: "palette-\(size.width)x\(size.height)")
        }
    }

    @Test("the private database of the demo user: zones, receipts, a receipt's reference and a shoebox's back references", arguments: sizes)
    func privateDatabase(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try Golden.expect(dashboard.lines, matches: "zones-private-\(size.width)x\(size.height)")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Receipt")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "record-receipt-\(size.width)x\(size.height)")
            try await dashboard.press(.character("j"), .character("j"), .enter)
            try Golden.expect(dashboard.lines, matches: "record-shoebox-\(size.width)x\(size.height)")
        }
    }

    @Test("production with its badge, read-only with [RO], an empty result, and an unknown theme's error", arguments: sizes)
    func badgesAndStates(size: Size) async throws {
        try await DemoServer.run { demo in
            let production = DashboardHarness(demo, size: size, isReadOnly: true, environment: .production)
            try await production.start()
            try Golden.expect(production.lines, matches: "record-types-production-readonly-\(size.width)x\(size.height)")
            let development = DashboardHarness(demo, size: size, themeName: "no-such-theme")
            try await development.start()
            try Golden.expect(development.lines, matches: "theme-error-\(size.width)x\(size.height)")
            try await development.command("records Party")
            try await development.press(.character("/"))
            try await development.type("Nothing")
            try await development.press(.enter)
            try Golden.expect(development.lines, matches: "records-empty-\(size.width)x\(size.height)")
        }
    }

    @Test("the deploy screen's three tabs, its deploy and reset dialogs, and production's schema after the deploy", arguments: sizes)
    func deploy(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("deploy")
            try Golden.expect(dashboard.lines, matches: "deploy-changes-\(size.width)x\(size.height)")
            try await dashboard.press(.tab)
            try Golden.expect(dashboard.lines, matches: "deploy-text-\(size.width)x\(size.height)")
            try await dashboard.press(.tab)
            try Golden.expect(dashboard.lines, matches: "deploy-history-\(size.width)x\(size.height)")
            try await dashboard.press(.tab, .character("D"))
            try Golden.expect(dashboard.lines, matches: "deploy-confirm-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("R"))
            try Golden.expect(dashboard.lines, matches: "reset-confirm-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("D"))
            try await dashboard.type(EmbeddedServer.demoContainer.rawValue)
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "deploy-done-\(size.width)x\(size.height)")
        }
    }

    @Test("wide characters in records line up, and a server that went away says so with r to retry", arguments: sizes)
    func wideCharactersAndErrors(size: Size) async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).actingAsUser(recordName: try await demo.demoUser().userRecordName)
            let saved = try await client.modifyRecords([RecordOperation(.create, Record(
                recordName: "party-tokyo", recordType: "Party", fields: ["name": .string("東京の夜 🎉 パーティー"), "tags": .list(.string(["音楽", "夜"]))]))])
            _ = try saved[0].get()
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("東京")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "records-wide-\(size.width)x\(size.height)")
            await demo.server.stop()
            try await dashboard.press(.character("r"))
            try Golden.expect(dashboard.lines, matches: "records-server-down-\(size.width)x\(size.height)")
        }
    }

    @Test("schema administration: lint warnings, a new type's name, a deletion to confirm, a field's type, the indexes", arguments: sizes)
    func schemaAdministration(size: Size) async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await client.editSchema([ManagementSchema.Edit(.addField, recordType: "Party", field: "score", fieldType: "INT64", indexes: ["SORTABLE"])])
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try Golden.expect(dashboard.lines, matches: "record-types-lint-\(size.width)x\(size.height)")
            try await dashboard.press(.character("n"))
            try Golden.expect(dashboard.lines, matches: "new-record-type-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("j"), .character("j"), .character("d"))
            try Golden.expect(dashboard.lines, matches: "delete-record-type-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("k"), .character("k"), .character("f"))
            try Golden.expect(dashboard.lines, matches: "fields-lint-\(size.width)x\(size.height)")
            try await dashboard.press(.character("a"))
            try await dashboard.type("mood")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "field-type-picker-\(size.width)x\(size.height)")
            try await dashboard.press(.escape)
            try await dashboard.command("indexes")
            try Golden.expect(dashboard.lines, matches: "indexes-\(size.width)x\(size.height)")
            try await dashboard.press(.character("d"))
            try Golden.expect(dashboard.lines, matches: "drop-index-\(size.width)x\(size.height)")
        }
    }
}
