import CommandLineSupport
import Foundation
import Testing

@Suite("DisplayTime prints times")
struct DisplayTimeTests {
    @Test("prints milliseconds since 1970 as UTC to the second")
    func prints() {
        #expect(DisplayTime.text(milliseconds: 1_795_477_272_835) == "2026-11-23T23:41:12Z")
    }
}
