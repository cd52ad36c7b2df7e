import TerminalKit
import Testing

@Suite("KeyBindingTable: one table per view, looked up by key, shown in hints and help")
struct KeyBindingTableTests {
    static let delete = KeyAction("delete")
    static let open = KeyAction("open")
    static let help = KeyAction("help")

    let table = KeyBindingTable([
        KeyBinding(open, keys: [.enter], label: "Open", help: "Open the selected record", group: "Records"),
        KeyBinding(delete, keys: [.character("d"), .delete], label: "Delete", help: "Delete the selected record", group: "Records", isMutation: true),
        KeyBinding(help, keys: [.character("?")], label: "Help", group: "General"),
    ]).appending(.navigation)

    @Test("a key finds its binding; the first binding of a key wins; unknown keys find none")
    func lookup() {
        #expect(table.action(for: .character("d")) == Self.delete)
        #expect(table.action(for: .down) == .moveDown)
        #expect(table.action(for: .character("z")) == nil)
        let shadowed = KeyBindingTable([KeyBinding(Self.open, keys: [.character("j")], label: "Open")]).appending(.navigation)
        #expect(shadowed.action(for: .character("j")) == Self.open)
        #expect(shadowed.conflicts == [.character("j"): [Self.open, .moveDown]])
    }

    @Test("a read-only table drops every binding that changes data")
    func readOnly() {
        #expect(table.readOnly.action(for: .character("d")) == nil)
        #expect(table.conflicts.isEmpty)
        #expect(table.readOnly.action(for: .enter) == Self.open)
    }

    @Test("groups keep the table's order; the navigation keys have no conflicts")
    func groups() {
        #expect(table.groups.map(\.name) == ["Records", "General", "Navigation"])
        #expect(table.groups[0].bindings.map(\.label) == ["Open", "Delete"])
        #expect(KeyBindingTable.navigation.conflicts.isEmpty)
        #expect(table.bindings[3].keyNames == "j/↓")
        #expect(table.hints.map(\.label) == ["Open", "Delete", "Help"])
    }
}
