import TerminalKit
import Testing

@Suite("TextField: shell-style editing, sideways scrolling, wide characters, history")
struct TextFieldTests {
    private func typing(_ text: String, into field: inout TextField) {
        for character in text { _ = field.handle(.character(character)) }
    }

    @Test("characters insert at the cursor; ←/→, Home/End and Ctrl-A/Ctrl-E move it; Backspace and Delete remove")
    func editing() {
        var field = TextField()
        typing("recrds", into: &field)
        _ = field.handle(.left)
        _ = field.handle(.left)
        _ = field.handle(.left)
        typing("o", into: &field)
        #expect(field.text == "records")
        #expect(field.cursor == 4)
        _ = field.handle(.control("a"))
        #expect(field.handle(.delete) == .edited)
        #expect(field.text == "ecords")
        #expect(field.handle(.backspace) == .consumed)
        _ = field.handle(.end)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text == "ecord")
        _ = field.handle(.home)
        #expect(field.cursor == 0)
        _ = field.handle(.control("e"))
        #expect(field.cursor == 5)
    }

    @Test("Ctrl-W deletes the word before the cursor, Ctrl-U everything before it, Ctrl-K everything after; Alt-b/f move by word")
    func wordEditing() {
        var field = TextField(text: "records Party  ")
        #expect(field.handle(.control("w")) == .edited)
        #expect(field.text == "records ")
        field.text = "records Party where"
        _ = field.handle(.alt(.character("b")))
        #expect(field.cursor == 14)
        _ = field.handle(.alt(.character("b")))
        _ = field.handle(.alt(.character("f")))
        #expect(field.cursor == 13)
        #expect(field.handle(.control("k")) == .edited)
        #expect(field.text == "records Party")
        _ = field.handle(.left)
        #expect(field.handle(.control("u")) == .edited)
        #expect(field.text == "y")
        #expect(field.cursor == 0)
    }

    @Test("Enter submits the text and Esc cancels; keys that are not the field's are ignored")
    func submitAndCancel() {
        var field = TextField(text: "zones")
        #expect(field.handle(.enter) == .submitted("zones"))
        #expect(field.handle(.escape) == .cancelled)
        #expect(field.handle(.function(5)) == .ignored)
        #expect(field.handle(.up) == .ignored)
    }

    @Test("an empty field shows its placeholder; a long text scrolls so the cursor stays in view")
    func drawing() {
        var field = TextField(placeholder: "Filter…")
        var canvas = render(width: 10, height: 1) { field.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["Filter…   "])
        #expect(canvas[0, 0].style == theme.style(.muted))
        field.text = "iCloud.com.example.Shop"
        canvas = render(width: 10, height: 1) { field.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["mple.Shop "])
        #expect(field.cursorPosition(in: canvas.bounds) == Position(column: 9, row: 0))
        _ = field.handle(.home)
        canvas = render(width: 10, height: 1) { field.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["iCloud.com"])
        #expect(field.cursorPosition(in: Rect(x: 5, y: 3, width: 10, height: 1)) == Position(column: 5, row: 3))
    }

    @Test("wide characters take two columns; the cursor sits after them, and one cut by the left edge is left blank")
    func wideCharacters() {
        var field = TextField(text: "日本語のレコード")
        var canvas = render(width: 8, height: 1) { field.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == [" コード "])
        #expect(field.cursorPosition(in: canvas.bounds) == Position(column: 7, row: 0))
        _ = field.handle(.left)
        _ = field.handle(.left)
        _ = field.handle(.left)
        _ = field.handle(.left)
        canvas = render(width: 8, height: 1) { field.draw(in: $0.bounds, on: &$0, theme: theme, focused: true) }
        #expect(canvas.lines == ["レコード"])
        #expect(field.cursorPosition(in: canvas.bounds) == Position(column: 0, row: 0))
    }

    @Test("↑ and ↓ browse earlier submissions, and ↓ past the newest brings back the line being typed")
    func history() {
        var field = TextField(history: InputHistory(entries: ["zones", "records Party"]))
        typing("sub", into: &field)
        #expect(field.handle(.up) == .edited)
        #expect(field.text == "records Party")
        _ = field.handle(.up)
        #expect(field.text == "zones")
        #expect(field.handle(.up) == .consumed)
        _ = field.handle(.down)
        _ = field.handle(.down)
        #expect(field.text == "sub")
        _ = field.handle(.enter)
        #expect(field.history?.entries == ["zones", "records Party", "sub"])
    }
}
