import TerminalKit
import Testing

@Suite("ScrollPosition and ColumnWidth: the arithmetic every scrolling widget shares")
struct ScrollPositionTests {
    @Test("moving the selection keeps it inside the rows and the view on it")
    func selection() {
        var position = ScrollPosition()
        let moved = position.move(.rows(-1), count: 10, pageHeight: 4)
        #expect(!moved)
        position.move(.rows(5), count: 10, pageHeight: 4)
        #expect(position == ScrollPosition(selected: 5, top: 2))
        position.move(.pages(1), count: 10, pageHeight: 4)
        #expect(position == ScrollPosition(selected: 9, top: 6))
        position.move(.halfPages(-1), count: 10, pageHeight: 4)
        #expect(position == ScrollPosition(selected: 7, top: 4))
        position.move(.top, count: 10, pageHeight: 4)
        #expect(position.visibleRows(count: 10, pageHeight: 4) == 0..<4)
        position.move(.bottom, count: 0, pageHeight: 4)
        #expect(position == ScrollPosition(selected: 0, top: 0))
    }

    @Test("scrolling the view alone stops with the last row at the bottom")
    func viewport() {
        var position = ScrollPosition()
        position.scroll(.bottom, count: 10, pageHeight: 4)
        #expect(position.top == 6)
        position.scroll(.pages(1), count: 10, pageHeight: 4)
        #expect(position.top == 6)
        position.scroll(.pages(-1), count: 10, pageHeight: 4)
        #expect(position.top == 2)
        position.scroll(.bottom, count: 3, pageHeight: 4)
        #expect(position.top == 0)
    }

    @Test("fixed columns keep their width, flexible ones share the rest by weight, and what does not fit is left out")
    func columnWidths() {
        let rules: [ColumnWidth] = [.fixed(4), .flexible(minimum: 4, weight: 1), .flexible(minimum: 4, weight: 3)]
        #expect(ColumnWidth.fit(rules, available: 24, spacing: 1) == [4, 6, 12])
        #expect(ColumnWidth.fit(rules, available: 10, spacing: 1) == [4, 5])
        #expect(ColumnWidth.fit(rules, from: 1, available: 10, spacing: 1) == [4, 5])
        #expect(ColumnWidth.fit([.fixed(20)], available: 8, spacing: 1) == [8])
    }

    @Test("prose wraps at spaces, keeps its line breaks, and cuts words longer than a line")
    func wrapping() {
        #expect(TextWrapping.lines(of: "Delete the zone Archive and its records?", width: 16)
            == ["Delete the zone", "Archive and its", "records?"])
        #expect(TextWrapping.lines(of: "one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TextWrapping.lines(of: "iCloud.com.example", width: 8) == ["iCloud.c", "om.examp", "le"])
        #expect(TextWrapping.lines(of: "日本語の名前", width: 5) == ["日本", "語の", "名前"])
    }
}
