import CommandLineSupport
import Foundation
import Testing

@Suite("DisplayTime prints and reads times")
struct DisplayTimeTests {
    let now = Date(timeIntervalSince1970: 1_795_477_272)

    @Test("prints milliseconds since 1970 as UTC to the second")
    func prints() {
        #expect(DisplayTime.text(milliseconds: 1_795_477_272_835) == "2026-11-23T23:41:12Z")
    }

    @Test("reads an ISO 8601 time, a day at midnight UTC, and a time ago")
    func reads() {
        #expect(DisplayTime.date(from: "2026-11-23T23:41:12Z", now: now) == now)
        #expect(DisplayTime.date(from: "2026-11-23", now: now) == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(DisplayTime.date(from: "90s", now: now) == now.addingTimeInterval(-90))
        #expect(DisplayTime.date(from: "30m", now: now) == now.addingTimeInterval(-1800))
        #expect(DisplayTime.date(from: "2h", now: now) == now.addingTimeInterval(-7200))
        #expect(DisplayTime.date(from: "7d", now: now) == now.addingTimeInterval(-604_800))
    }

    @Test("anything else is not a time", arguments: ["", "yesterday", "2h30m", "-2h", "24-11-2026", "5w"])
    func refuses(text: String) {
        #expect(DisplayTime.date(from: text, now: now) == nil)
    }
}
