import TerminalKit
import Testing

@Suite("CommandPalette: suggestions ranked as you type, Tab completion, ↑/↓ picking and history")
struct CommandPaletteTests {
    private static let commands = [
        Completion("records", detail: "Browse records"), Completion("roles", detail: "Security roles"),
        Completion("zones", detail: "Record zones"), Completion("deploy", detail: "Deploy the schema"),
    ]

    private func palette(history: [String] = []) -> CommandPalette {
        CommandPalette(history: InputHistory(entries: history)) { typed in
            typed.hasPrefix("records ") ? ["Party", "Payment", "Guest"].map { Completion("records \($0)") } : Self.commands
        }
    }

    private func type(_ text: String, into palette: inout CommandPalette) {
        for character in text { _ = palette.handle(.character(character)) }
    }

    @Test("typing filters the suggestions: prefixes first, then substrings, then characters in order")
    func filtering() {
        var palette = palette()
        #expect(palette.suggestions.items.map(\.title) == ["records", "roles", "zones", "deploy"])
        type("ro", into: &palette)
        #expect(palette.suggestions.items.map(\.title) == ["roles", "records"])
        _ = palette.handle(.control("u"))
        type("one", into: &palette)
        #expect(palette.suggestions.items.map(\.title) == ["zones"])
        _ = palette.handle(.control("w"))
        type("cds", into: &palette)
        #expect(palette.suggestions.items.map(\.title) == ["records"])
        _ = palette.handle(.control("u"))
        type("dpl", into: &palette)
        #expect(palette.suggestions.items.map(\.title) == ["deploy"])
    }

    @Test("Tab completes to the highlighted suggestion, and the provider then offers the next word")
    func completion() {
        var palette = palette()
        type("rec", into: &palette)
        _ = palette.handle(.tab)
        #expect(palette.field.text == "records")
        _ = palette.handle(.character(" "))
        type("pa", into: &palette)
        #expect(palette.suggestions.items.map(\.title) == ["records Party", "records Payment"])
        _ = palette.handle(.down)
        #expect(palette.handle(.enter) == .submitted("records Payment"))
        #expect(palette.field.text == "")
    }

    @Test("Enter runs the typed text unless a suggestion was picked; Esc and an empty Enter close")
    func running() {
        var palette = palette()
        type("zones", into: &palette)
        #expect(palette.handle(.enter) == .submitted("zones"))
        #expect(palette.handle(.enter) == .closed)
        type("ro", into: &palette)
        #expect(palette.handle(.escape) == .closed)
        #expect(palette.field.text == "")
    }

    @Test("↑ on an empty line recalls earlier commands, ↓ comes back; once edited, ↑/↓ pick suggestions again")
    func history() {
        var palette = palette(history: ["zones", "records Party"])
        _ = palette.handle(.up)
        #expect(palette.field.text == "records Party")
        _ = palette.handle(.up)
        #expect(palette.field.text == "zones")
        _ = palette.handle(.down)
        #expect(palette.field.text == "records Party")
        _ = palette.handle(.down)
        #expect(palette.field.text == "")
        type("r", into: &palette)
        _ = palette.handle(.down)
        #expect(palette.field.text == "r")
        #expect(palette.suggestions.selectedItem?.title == "records")
        #expect(palette.handle(.enter) == .submitted("records"))
        #expect(palette.history.entries == ["zones", "records Party", "records"])
    }

    @Test("the prompt and field are on the first row, suggestions below with their details")
    func rendering() {
        var palette = palette()
        type("r", into: &palette)
        var cursor = Position(column: 0, row: 0)
        let canvas = render(width: 32, height: 5) {
            palette.draw(in: $0.bounds, on: &$0, theme: theme)
            cursor = palette.cursorPosition(in: $0.bounds)
        }
        #expect(canvas.lines == [
            ":r                              ",
            " roles           Security roles ",
            " records         Browse records ",
            "                                ",
            "                                ",
        ])
        #expect(cursor == Position(column: 2, row: 0))
        #expect(canvas.row(1, isAll: theme.style(.selectionInactive)))
    }
}
