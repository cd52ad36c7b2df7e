import TerminalKit
import Testing

@Suite("Box: a frame with a title")
struct BoxTests {
    @Test("the frame is drawn with ─│┌┐└┘, the title cut to fit, and the inside returned")
    func frame() {
        var inside = Rect(x: 0, y: 0, width: 0, height: 0)
        let canvas = render(width: 12, height: 4) { inside = Box(title: "Containers").draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == ["┌ Contain… ┐", "│          │", "│          │", "└──────────┘"])
        #expect(inside == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(canvas[2, 0].style == theme.style(.title))
    }
}
