import TerminalKit
import Testing

@Suite("Table: a heading, rows fitted to the width, a selection, and rows drawn only when on screen")
struct TableTests {
    private let columns = [
        TableColumn("NAME"), TableColumn("SIZE", width: .fixed(6), alignment: .trailing),
    ]

    @Test("the heading and the rows fill the width; long text is cut with …; wide characters take two cells")
    func rendering() {
        var table = Table(columns: columns, source: TableRows([
            ["Party", "12"], ["日本語のレコード名", "3"], ["A very long record name indeed", "100000"],
        ]))
        let canvas = render(width: 24, height: 5) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [
            " NAME               SIZE",
            "▸Party                12",
            " 日本語のレコー…       3",
            " A very long re…  100000",
            "                        ",
        ])
    }

    @Test("the selected row has ▸ and its first cell's text in the selection style when focused, selection-inactive when not")
    func selectionStyle() {
        var table = Table(columns: columns, source: TableRows([["a", "1"], ["b", "2"]]))
        #expect(table.handle(.character("j")) == .moved(to: 1))
        var canvas = render(width: 20, height: 4) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines[1...2] == [" a                 1", "▸b                 2"])
        // The mark and the name are selected, the rest of the row is not.
        #expect(canvas.styles(ofRow: 2) == Array(repeating: selection, count: 2) + Array(repeating: theme.style(.text), count: 18))
        #expect(!canvas.styles(ofRow: 1).contains(selection))
        canvas = render(width: 20, height: 4) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: false) }
        #expect(canvas.styles(ofRow: 2).prefix(3) == [theme.style(.selectionInactive), theme.style(.selectionInactive), theme.style(.text)])
    }

    @Test("a million rows with 20 on screen: drawing asks for the 20 rows on screen only, even after G")
    func virtualRows() {
        let source = CountingRows(loaded: 1_000_000, total: 1_000_000)
        var table = Table(columns: columns, source: source)
        _ = render(width: 40, height: 21) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(source.requestedRows == Array(0..<20))
        #expect(table.handle(.character("G")) == .moved(to: 999_999))
        let canvas = render(width: 40, height: 21) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(source.requestedRows.count == 40)
        #expect(table.visibleRows == 999_980..<1_000_000)
        #expect(canvas.lines[20].hasPrefix("▸record-999999"))
    }

    @Test("j/k, g/G, PgDn/PgUp, Ctrl-F/Ctrl-B, Ctrl-D/Ctrl-U move the selection and the view follows")
    func scrolling() {
        var table = Table(columns: columns, source: CountingRows(loaded: 100, total: 100))
        _ = render(width: 40, height: 11) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(table.handle(.down) == .moved(to: 1))
        #expect(table.handle(.pageDown) == .moved(to: 11))
        #expect(table.handle(.control("f")) == .moved(to: 21))
        #expect(table.handle(.control("u")) == .moved(to: 16))
        #expect(table.handle(.control("d")) == .moved(to: 21))
        #expect(table.handle(.control("b")) == .moved(to: 11))
        #expect(table.handle(.character("k")) == .moved(to: 10))
        #expect(table.handle(.end) == .moved(to: 99))
        #expect(table.handle(.character("j")) == .consumed)
        #expect(table.handle(.home) == .moved(to: 0))
        #expect(table.handle(.character("x")) == .ignored)
        #expect(table.handle(.enter) == .chosen(0))
        table.select(row: 50)
        let canvas = render(width: 40, height: 11) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines[10].hasPrefix("▸record-50"))
    }

    @Test("near the end of the loaded rows the table wants more, until the source has them all")
    func nearTheEnd() {
        let source = CountingRows(loaded: 50, total: nil)
        var table = Table(columns: columns, source: source)
        _ = render(width: 40, height: 11) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(!table.wantsMoreRows)
        _ = table.handle(.character("G"))
        _ = render(width: 40, height: 11) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(table.wantsMoreRows)
        source.rowCount = .complete(50)
        #expect(!table.wantsMoreRows)
    }

    @Test("an empty table shows its message under the heading")
    func emptyState() {
        var table = Table(columns: columns, source: TableRows([]), emptyMessage: "No records")
        let canvas = render(width: 20, height: 3) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" NAME           SIZE", "     No records     ", "                    "])
        #expect(table.selectedRow == nil)
        #expect(table.handle(.enter) == .consumed)
    }

    @Test("the sorted column shows ▲ or ▼ after its title")
    func sortIndicator() {
        var table = Table(columns: columns, source: TableRows([]), sort: TableSort(column: 0, ascending: false))
        let canvas = render(width: 20, height: 1) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" NAME ▼         SIZE"])
    }

    @Test("when the columns do not fit, l and h scroll them sideways and ◂ ▸ say more lie that way")
    func horizontalScrolling() {
        let wide = [
            TableColumn("NAME", width: .fixed(8)), TableColumn("TYPE", width: .fixed(8)), TableColumn("OWNER", width: .fixed(8)),
        ]
        var table = Table(columns: wide, source: TableRows([["party-1", "Party", "alice"]]), columnSpacing: 1)
        var canvas = render(width: 18, height: 2) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" NAME     TYPE   ▸", "▸party-1  Party   "])
        #expect(table.handle(.character("l")) == .consumed)
        canvas = render(width: 18, height: 2) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["◂TYPE     OWNER   ", "▸Party    alice   "])
        #expect(table.visibleColumns == 1..<3)
        canvas = render(width: 30, height: 2) { table.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(table.visibleColumns == 0..<3)
    }
}
