import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// Production is read-only until unlocked by typing the container's name; a read-only session cannot unlock it
/// nor is offered to; a change asked for while locked says why instead of running.
@Suite("The production lock and confirmations", .heavy)
struct ProductionLockTests {
    @Test(":unlock asks for the container's name, the badge then says UNLOCKED, and :lock locks again")
    func unlockAndLock() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, environment: .production)
            try await dashboard.start()
            #expect(dashboard.lines[0].contains("▲ PRODUCTION") && !dashboard.lines[0].contains("UNLOCKED"))
            try await dashboard.command("unlock")
            #expect(dashboard.screen.contains("Unlock production?"))
            #expect(dashboard.screen.contains("Type iCloud.com.example.Party to confirm."))
            try await dashboard.type("iCloud.com.example.Par")
            try await dashboard.press(.enter)
            #expect(!dashboard.app.isProductionUnlocked, "Enter unlocked before the whole name was typed")
            try await dashboard.type("ty")
            try await dashboard.press(.enter)
            #expect(dashboard.app.isProductionUnlocked)
            #expect(dashboard.lines[0].contains("▲ PRODUCTION UNLOCKED"))
            try await dashboard.command("lock")
            #expect(!dashboard.app.isProductionUnlocked)
            #expect(!dashboard.lines[0].contains("UNLOCKED"))
        }
    }

    @Test("Esc declines the unlock and says nothing changed")
    func declined() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, environment: .production)
            try await dashboard.start()
            try await dashboard.command("unlock")
            try await dashboard.press(.escape)
            #expect(!dashboard.app.isProductionUnlocked)
            #expect(dashboard.screen.contains("Cancelled: nothing was changed"))
        }
    }

    @Test("a change asked for in locked production is refused with how to unlock; in development it runs")
    func changeWhileLocked() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, environment: .production)
            try await dashboard.start()
            var ran = false
            dashboard.app.change("Creating a zone", { 1 }, done: { _ in ran = true })
            try await dashboard.settle()
            #expect(!ran)
            #expect(dashboard.app.status?.text.hasPrefix("Production is locked: :unlock") == true)
            try await dashboard.command("env dev")
            dashboard.app.change("Creating a zone", { 1 }, done: { _ in ran = true })
            try await dashboard.settle()
            #expect(ran)
        }
    }

    @Test("a read-only session neither offers :unlock nor runs it, and refuses every change")
    func readOnly() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, isReadOnly: true, environment: .production)
            try await dashboard.start()
            try await dashboard.press(.character(":"))
            try await dashboard.type("unl")
            #expect(!dashboard.screen.contains("unlock"))
            try await dashboard.press(.escape)
            try await dashboard.command("unlock")
            #expect(dashboard.screen.contains("Read-only session: :unlock is not available"))
            #expect(!dashboard.app.isProductionUnlocked)
            var ran = false
            dashboard.app.change("Creating a zone", { 1 }, done: { _ in ran = true })
            try await dashboard.settle()
            #expect(!ran)
            #expect(dashboard.app.status?.text == "Read-only session: nothing can be changed")
        }
    }

    @Test("the unlock dialog against its goldens", arguments: ScreenGoldenTests.sizes)
    func unlockGolden(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size, environment: .production)
            try await dashboard.start()
            try await dashboard.command("unlock")
            try await dashboard.type("iCloud")
            try Golden.expect(dashboard.lines, matches: "unlock-production-\(size.width)x\(size.height)")
        }
    }
}
