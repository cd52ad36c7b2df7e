import TerminalKit
import Testing

@Suite("ListView: a selectable, scrolling column for pickers and suggestions")
struct ListViewTests {
    @Test("items show their title on the left and detail on the right; the selection follows j/k and scrolls")
    func rendering() {
        var list = ListView(items: [
            ListItem("development", detail: "3 zones"), ListItem("production", detail: "12 zones"), "staging", "測試環境",
        ])
        var canvas = render(width: 24, height: 3) { list.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" development    3 zones ", " production    12 zones ", " staging                "])
        #expect(canvas.row(0, isAll: selection))
        #expect(canvas[16, 1].style == theme.style(.muted))
        #expect(list.handle(.character("G")) == .moved(to: 3))
        canvas = render(width: 24, height: 3) { list.draw(in: $0.bounds, on: &$0, theme: theme, focused: false) }
        #expect(canvas.lines == [" production    12 zones ", " staging                ", " 測試環境               "])
        #expect(canvas.row(2, isAll: theme.style(.selectionInactive)))
        #expect(list.handle(.enter) == .chosen(3))
        #expect(list.selectedItem?.title == "測試環境")
        #expect(list.handle(.character("q")) == .ignored)
    }

    @Test("an empty list shows its message and chooses nothing")
    func empty() {
        var list = ListView(emptyMessage: "No containers")
        let canvas = render(width: 16, height: 2) { list.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["No containers   ", "                "])
        #expect(list.handle(.enter) == .consumed)
        #expect(list.selectedIndex == nil)
    }
}
