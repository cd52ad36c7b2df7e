import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The status line cuts a long message at the terminal's edge; `:messages` lists every message of the session in
/// full, newest first.
@Suite("Messages in full", .heavy)
struct MessageLogTests {
    @Test("a refusal cut on the status line says :messages, which shows it in full, wrapped, newest first; Esc closes")
    func messagesInFull() async throws {
        try await DashboardHarness.started(size: Size(width: 80, height: 24)) { dashboard in
            let name = String(repeating: "x", count: 300)
            try await dashboard.press(.character("n"))
            try await dashboard.type(name)
            try await dashboard.press(.enter)
            let refusal = try #require(dashboard.app.status?.text)
            #expect(refusal.hasSuffix("is longer than 255 characters") && DisplayWidth.of(refusal) > 80, "\(refusal)")
            #expect(dashboard.lines[22].hasSuffix("… :messages 1/4 default "), "\(dashboard.lines[22])")
            try await dashboard.press(.escape)
            try await dashboard.command("messages")
            let squeezed = { (text: String) in text.filter { $0 != " " && $0 != "│" } }
            #expect(squeezed(dashboard.screen.replacingOccurrences(of: "\n", with: "")).contains(squeezed(refusal)), "\(dashboard.screen)")
            #expect(dashboard.screen.contains("┌ Messages, newest first"))
            try await dashboard.press(.escape)
            #expect(dashboard.app.overlay == nil)
        }
    }

    @Test("the log keeps the newest messages, a repeat once, and lists them newest first with the time and kind")
    func log() {
        var log = MessageLog()
        let display = FieldValueDisplay(timeZone: TimeZone(identifier: "UTC")!)
        let start = Date(timeIntervalSince1970: 0)
        log.record(StatusMessage("first"), at: start)
        log.record(StatusMessage("failed", kind: .error), at: start + 1)
        log.record(StatusMessage("failed", kind: .error), at: start + 2)
        #expect(log.lines(width: 30, display: display) == ["00:00:02 ✗ failed", "00:00:00 · first"])
        #expect(log.lines(width: 20, display: display).count == 2)
        log.record(StatusMessage(String(repeating: "a ", count: 20), kind: .warning), at: start + 3)
        #expect(log.lines(width: 21, display: display).prefix(5) == ["00:00:03 ⚠ a a a a a", "           a a a a a", "           a a a a a", "           a a a a a", "00:00:02 ✗ failed"])
        for index in 0..<(MessageLog.capacity + 5) { log.record(StatusMessage("\(index)"), at: start) }
        #expect(log.entries.count == MessageLog.capacity && log.entries.last?.message.text == "\(MessageLog.capacity + 4)")
    }
}
