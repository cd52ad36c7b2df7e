import TerminalKit
import Testing

@Suite("Form: labelled fields, Tab between them, Enter on the last submits when every value passes")
struct FormTests {
    private func zoneForm() -> Form {
        Form(fields: [
            .text("name", label: "Zone name", placeholder: "Archive", validate: { $0.isEmpty ? "A zone needs a name." : nil }),
            .choice("database", label: "Database", options: ["private", "shared"]),
        ])
    }

    @Test("Tab and Shift-Tab move between fields; a choice changes with ←/→; Enter on the last submits the values")
    func submitting() {
        var form = zoneForm()
        for character in "Archive" { _ = form.handle(.character(character)) }
        #expect(form.handle(.tab) == .consumed)
        #expect(form.focusedField == 1)
        _ = form.handle(.right)
        #expect(form.values["database"] == "shared")
        #expect(form.handle(.enter) == .submitted(["name": "Archive", "database": "shared"]))
        #expect(form.handle(.backTab) == .consumed)
        #expect(form.focusedField == 0)
        #expect(form.handle(.escape) == .cancelled)
    }

    @Test("a refused value shows its message under the field, and submitting goes back to it")
    func validation() {
        var form = zoneForm()
        _ = form.handle(.enter)
        #expect(form.focusedField == 1)
        #expect(form.handle(.enter) == .consumed)
        #expect(form.focusedField == 0)
        let canvas = render(width: 30, height: 4) { form.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [
            "Zone name  Archive            ",
            "           A zone needs a nam…",
            "Database   ‹ private ›        ",
            "                              ",
        ])
        #expect(canvas[11, 1].style == theme.style(.error))
        #expect(form.cursorPosition(in: canvas.bounds) == Position(column: 11, row: 0))
        _ = form.handle(.character("A"))
        #expect(form.fields[0].message == nil)
    }

    @Test("a form taller than its space scrolls so that the focused field is always shown, with its cursor")
    func scrolling() {
        var form = Form(fields: (1...5).map { .text("f\($0)", label: "Field \($0)", text: "v\($0)") })
        let first = render(width: 20, height: 5) { form.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(first.lines.filter { $0.hasPrefix("Field") }.map { String($0.prefix(7)) } == ["Field 1", "Field 2", "Field 3"])
        for _ in 0..<4 { _ = form.handle(.tab) }
        let last = render(width: 20, height: 5) { form.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(last.lines.filter { $0.hasPrefix("Field") }.map { String($0.prefix(7)) } == ["Field 3", "Field 4", "Field 5"])
        #expect(form.cursorPosition(in: Rect(x: 0, y: 0, width: 20, height: 5))?.row == 4)
    }
}
