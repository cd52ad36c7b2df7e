import CKModel
import Foundation
import Testing

@Suite("AuditTime reads the times people write")
struct AuditTimeTests {
    let now = Date(timeIntervalSince1970: 1_795_477_272)

    @Test("reads an ISO 8601 time, a day at midnight UTC, and a time ago")
    func reads() {
        #expect(AuditTime.date(from: "2026-11-23T23:41:12Z", now: now) == now)
        #expect(AuditTime.date(from: "2026-11-23", now: now) == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(AuditTime.date(from: "90s", now: now) == now.addingTimeInterval(-90))
        #expect(AuditTime.date(from: "30m", now: now) == now.addingTimeInterval(-1800))
        #expect(AuditTime.date(from: "2h", now: now) == now.addingTimeInterval(-7200))
        #expect(AuditTime.date(from: "7d", now: now) == now.addingTimeInterval(-604_800))
    }

    @Test("gives milliseconds since 1970, as the audit filter takes them")
    func milliseconds() {
        #expect(AuditTime.milliseconds(from: "2026-11-23T23:41:12Z") == 1_795_477_272_000)
        #expect(AuditTime.milliseconds(from: "1h", now: now) == 1_795_473_672_000)
    }

    @Test("anything else is not a time", arguments: ["", "yesterday", "2h30m", "-2h", "24-11-2026", "5w"])
    func refuses(text: String) {
        #expect(AuditTime.date(from: text, now: now) == nil)
        #expect(AuditTime.milliseconds(from: text, now: now) == nil)
    }
}
