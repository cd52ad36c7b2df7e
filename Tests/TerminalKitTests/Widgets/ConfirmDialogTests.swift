import TerminalKit
import Testing

@Suite("Dialogs and confirmations: No by default, y/n shortcuts, typing the name for production")
struct ConfirmDialogTests {
    private func deleteZone() -> ConfirmDialog {
        ConfirmDialog(title: "Delete zone", message: "Delete the zone Archive and its 1,204 records?", confirmTitle: "Delete", declineTitle: "Cancel")
    }

    @Test("a destructive confirmation is drawn centred with the decline button highlighted")
    func rendering() {
        let confirmation = deleteZone()
        let canvas = render(width: 40, height: 10) { confirmation.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [
            "                                        ",
            "┌ Delete zone ─────────────────────────┐",
            "│                                      │",
            "│ Delete the zone Archive and its      │",
            "│ 1,204 records?                       │",
            "│                                      │",
            "│        [ Cancel ]  [ Delete ]        │",
            "└──────────────────────────────────────┘",
            "                                        ",
            "                                        ",
        ])
        #expect(canvas[9, 6].style == selection)
        #expect(canvas[21, 6].style != selection)
    }

    @Test("Enter at once declines; Esc and n decline; y confirms; moving to the confirm button then Enter confirms")
    func defaultsToNo() {
        var confirmation = deleteZone()
        #expect(!confirmation.isConfirmSelected)
        #expect(confirmation.handle(.enter) == .declined)
        #expect(confirmation.handle(.escape) == .declined)
        #expect(confirmation.handle(.character("n")) == .declined)
        #expect(confirmation.handle(.character("x")) == .consumed)
        #expect(confirmation.handle(.character("Y")) == .confirmed)
        #expect(confirmation.handle(.right) == .consumed)
        #expect(confirmation.isConfirmSelected)
        #expect(confirmation.handle(.enter) == .confirmed)
        #expect(confirmation.handle(.tab) == .consumed)
        #expect(confirmation.handle(.enter) == .declined)
        #expect(ConfirmDialog(title: "Reload", message: "Reload?", isDestructive: false).isConfirmSelected)
    }

    @Test("a typed-name confirmation confirms only once the exact name is typed")
    func typedName() {
        var confirmation = TypedConfirmDialog(
            title: "Deploy to production", message: "Deploy 3 schema changes.", requiredName: "iCloud.shop", confirmTitle: "Deploy")
        #expect(confirmation.handle(.enter) == .consumed)
        for character in "iCloud.sho" { _ = confirmation.handle(.character(character)) }
        #expect(!confirmation.isConfirmable)
        #expect(confirmation.handle(.enter) == .consumed)
        _ = confirmation.handle(.character("p"))
        #expect(confirmation.isConfirmable)
        #expect(confirmation.handle(.enter) == .confirmed)
        #expect(confirmation.handle(.escape) == .declined)
    }

    @Test("Enter on a name that does not match says so in the dialog, until the name is edited again")
    func typedNameMismatch() {
        var confirmation = TypedConfirmDialog(title: "Deploy", message: "Deploy 3 schema changes.", requiredName: "shop", confirmTitle: "Deploy")
        for character in "shoe" { _ = confirmation.handle(.character(character)) }
        #expect(confirmation.handle(.enter) == .consumed)
        var canvas = render(width: 44, height: 13) { _ = confirmation.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines.contains { $0.contains("“shoe” is not shop.") }, "\(canvas.lines.joined(separator: "\n"))")
        _ = confirmation.handle(.backspace)
        canvas = render(width: 44, height: 13) { _ = confirmation.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(!canvas.lines.contains { $0.contains("is not shop") }, "\(canvas.lines.joined(separator: "\n"))")
    }

    @Test("on a terminal too short for its message, the typed name stays inside the dialog, above its buttons")
    func typedNameOnShortTerminal() {
        var confirmation = TypedConfirmDialog(
            title: "Delete", message: "Deleting it removes its 1,049 records and its change history.", requiredName: "Receipts", confirmTitle: "Delete")
        for character in "Rec" { _ = confirmation.handle(.character(character)) }
        let canvas = render(width: 30, height: 8) { _ = confirmation.draw(in: $0.bounds, on: &$0, theme: theme) }
        let fieldRow = canvas.lines.firstIndex { $0.contains("│ Rec") }
        #expect(fieldRow != nil && fieldRow! < canvas.lines.count - 2, "\(canvas.lines.joined(separator: "\n"))")
        #expect(canvas.lines.last?.contains("┘") == true)
    }

    @Test("the typed-name dialog shows the field above its buttons, Deploy disabled until the name matches")
    func typedNameRendering() {
        var confirmation = TypedConfirmDialog(
            title: "Deploy", message: "Deploy 3 schema changes.", requiredName: "shop", confirmTitle: "Deploy")
        for character in "sh" { _ = confirmation.handle(.character(character)) }
        var cursor = Position(column: 0, row: 0)
        let canvas = render(width: 36, height: 11) { cursor = confirmation.draw(in: $0.bounds, on: &$0, theme: theme) }
        #expect(canvas.lines == [
            "    ┌ Deploy ──────────────────┐    ",
            "    │                          │    ",
            "    │ Deploy 3 schema changes. │    ",
            "    │                          │    ",
            "    │ Type shop to confirm.    │    ",
            "    │                          │    ",
            "    │ sh                       │    ",
            "    │                          │    ",
            "    │  [ Cancel ]  [ Deploy ]  │    ",
            "    └──────────────────────────┘    ",
            "                                    ",
        ])
        #expect(cursor == Position(column: 8, row: 6))
        #expect(canvas[19, 8].style == theme.style(.muted))
    }
}
