import TerminalKit
import Testing

@Suite("Status bar, tabs and spinner")
struct BarsTests {
    @Test("the status bar shows the message in its kind's style on the left and keeps the items on the right")
    func statusBar() {
        let bar = StatusBar(message: StatusMessage("Zone Archive could not be deleted", kind: .error), items: ["[RO]", "prod"])
        let canvas = render(width: 30, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [" Zone Archive coul… [RO] prod "])
        #expect(canvas[1, 0].style == theme.style(.error))
        #expect(canvas[25, 0].style == theme.style(.statusBar))
        let quiet = render(width: 12, height: 1) { StatusBar(items: ["[RO]"]).draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(quiet.lines == ["       [RO] "])
    }

    @Test("a message cut to fit ends with the hint that says where to read it in full; one that fits has none")
    func statusBarOverflowHint() {
        let long = StatusBar(message: StatusMessage("The server refused the request: BAD_REQUEST", kind: .error), items: ["prod"], overflowHint: " :messages")
        #expect(render(width: 40, height: 1) { long.draw(in: $0.bounds, on: &$0, theme: theme) }.lines == [" The server refused the… :messages prod "])
        let short = StatusBar(message: StatusMessage("Saved", kind: .success), items: ["prod"], overflowHint: " :messages")
        #expect(render(width: 40, height: 1) { short.draw(in: $0.bounds, on: &$0, theme: theme) }.lines == [" Saved" + String(repeating: " ", count: 29) + "prod "])
    }

    @Test("tabs switch with ] [ Tab and Shift-Tab, wrapping, and the selected title is highlighted")
    func tabs() {
        var tabs = TabBar(titles: ["Records", "Zones", "日本"])
        #expect(tabs.handle(.character("]")) == .moved(to: 1))
        #expect(tabs.handle(.tab) == .moved(to: 2))
        #expect(tabs.handle(.tab) == .moved(to: 0))
        #expect(tabs.handle(.backTab) == .moved(to: 2))
        #expect(tabs.handle(.character("[")) == .moved(to: 1))
        #expect(tabs.handle(.character("x")) == .ignored)
        let canvas = render(width: 26, height: 1) { tabs.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" Records │ Zones │ 日本   "])
        #expect(canvas[11, 0].style == selection)
        #expect(canvas[2, 0].style != selection)
    }

    @Test("the spinner shows its next frame on each tick, beside its label")
    func spinner() {
        var spinner = Spinner(label: "Loading records…", frames: Spinner.line)
        var canvas = render(width: 20, height: 1) { spinner.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == ["| Loading records…  "])
        spinner.tick()
        spinner.tick()
        canvas = render(width: 20, height: 1) { spinner.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == ["- Loading records…  "])
        for _ in 0..<2 { spinner.tick() }
        #expect(spinner.frame == 0)
    }
}
