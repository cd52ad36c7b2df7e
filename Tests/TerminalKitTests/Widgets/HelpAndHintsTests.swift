import TerminalKit
import Testing

@Suite("Hint bar and help overlay: both drawn from the view's one binding table")
struct HelpAndHintsTests {
    private let bindings = KeyBindingTable([
        KeyBinding(KeyAction("open"), keys: [.enter], label: "Open", help: "Open the selected zone", group: "Zones"),
        KeyBinding(KeyAction("delete"), keys: [.character("d")], label: "Delete", help: "Delete the selected zone", group: "Zones", isMutation: true),
        KeyBinding(KeyAction("filter"), keys: [.character("/")], label: "Filter", help: "Filter the zones", group: "Zones"),
        KeyBinding(KeyAction("help"), keys: [.character("?")], label: "Help", help: "Show this help", group: "General"),
    ]).appending(.navigation)

    @Test("the hint bar shows `key label` pairs in table order, as many as fit whole")
    func hintBar() {
        let bar = KeyHintBar(bindings: bindings)
        var canvas = render(width: 44, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [" Enter Open  d Delete  / Filter  ? Help     "])
        #expect(canvas[1, 0].style == theme.style(.key))
        canvas = render(width: 24, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [" Enter Open  d Delete   "])
        let readOnly = KeyHintBar(bindings: bindings.readOnly)
        canvas = render(width: 44, height: 1) { readOnly.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [" Enter Open  / Filter  ? Help               "])
    }

    @Test("when the hints do not all fit, the one always shown keeps its place at the end")
    func alwaysShown() {
        let bar = KeyHintBar(bindings: bindings, alwaysShown: KeyAction("help"))
        #expect(render(width: 30, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }.lines == [" Enter Open  d Delete  ? Help "])
        #expect(render(width: 8, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }.lines == [" ? Help "])
        #expect(render(width: 44, height: 1) { bar.draw(in: $0.bounds, on: &$0, theme: theme) }.lines == [" Enter Open  d Delete  / Filter  ? Help     "])
    }

    @Test("the help overlay lists every binding of the same table, grouped, hints or not")
    func everyBinding() {
        let help = HelpOverlay(bindings: bindings)
        for binding in bindings.bindings {
            #expect(help.lines.contains { $0.contains(binding.keyNames) && $0.hasSuffix(binding.help) })
        }
        for hint in KeyHintBar(bindings: bindings).fittingHints(width: 200) {
            #expect(help.lines.contains { $0.hasSuffix(hint.help) })
        }
        #expect(help.lines.prefix(6) == [
            "Zones",
            "  Enter        Open the selected zone",
            "  d            Delete the selected zone",
            "  /            Filter the zones",
            "",
            "General",
        ])
    }

    @Test("the overlay is a centred box that scrolls with j/k and closes on Esc, ? or q")
    func overlay() {
        var help = HelpOverlay(bindings: bindings)
        var canvas = render(width: 50, height: 8) { help.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [
            "   ┌ Help ───────────────────────────────────┐    ",
            "   │ Zones                                   │    ",
            "   │   Enter        Open the selected zone   │    ",
            "   │   d            Delete the selected zone │    ",
            "   │   /            Filter the zones         │    ",
            "   │                                         │    ",
            "   │ General                                 │    ",
            "   └─────────────────────────────────────────┘    ",
        ])
        #expect(canvas[5, 1].style == theme.style(.title))
        #expect(canvas[7, 2].style == theme.style(.key))
        #expect(help.handle(.character("j")) == .consumed)
        #expect(help.handle(.character("G")) == .consumed)
        canvas = render(width: 50, height: 8) { help.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines[6] == "   │   l/→          Scroll right             │    ")
        #expect(help.handle(.escape) == .closed)
        #expect(help.handle(.character("?")) == .closed)
        #expect(help.handle(.character("x")) == .consumed)
    }
}
