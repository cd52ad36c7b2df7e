import TerminalKit
import Testing

@Suite("TextView: long text a screenful at a time, with search")
struct TextViewTests {
    private let schema = (1...30).map { "RECORD TYPE Type\($0) (name STRING QUERYABLE)" }.joined(separator: "\n")

    @Test("j/k, PgDn/PgUp and g/G scroll; the last page ends with the last line")
    func scrolling() {
        var view = TextView(text: schema)
        var canvas = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[0] == "RECORD TYPE Type1 (name ")
        #expect(view.handle(.character("j")) == true)
        #expect(view.handle(.pageDown) == true)
        #expect(view.position.top == 6)
        #expect(view.handle(.character("G")) == true)
        canvas = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[4] == "RECORD TYPE Type30 (name")
        #expect(view.handle(.character("g")) == true)
        #expect(view.position.top == 0)
        #expect(view.handle(.character("l")) == true)
        canvas = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[0] == "RD TYPE Type1 (name STRI")
        #expect(view.handle(.character("x")) == false)
    }

    @Test("scrolling to a line puts it first, or shows the last page when it is near the end")
    func scrollToLine() {
        var view = TextView(text: schema)
        _ = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        view.scroll(toLine: 10)
        #expect(view.position.top == 10)
        view.scroll(toLine: 29)
        #expect(view.position.top == 25)
    }

    @Test("a search scrolls to the first match and highlights it; n and N go to the next and previous")
    func search() {
        var view = TextView(text: schema)
        #expect(view.search(for: "type12 ") == true)
        var canvas = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[0] == "RECORD TYPE Type12 (name")
        #expect(canvas[12, 0].style == selection)
        #expect(canvas[11, 0].style != selection)
        #expect(view.search(for: "Type2") == true)
        #expect(view.position.top == 19)
        #expect(view.handle(.character("n")) == true)
        canvas = render(width: 24, height: 5) { view.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[0] == "RECORD TYPE Type21 (name")
        #expect(view.handle(.character("N")) == true)
        #expect(view.position.top == 19)
        #expect(view.handle(.character("N")) == true)
        #expect(view.position.top == 1)
        #expect(view.search(for: "INDEX") == false)
    }
}
