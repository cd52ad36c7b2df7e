import CKSchema
import TerminalKit
import Testing

@testable import Dashboard

/// A picker longer than a screenful filters as you type; a short one keeps j and k for moving.
@Suite("Pickers")
struct PickerTests {
    @Test("the 28 field types filter as you type; Backspace edits, Esc clears the filter then cancels")
    func filtersAsYouType() {
        let types = FieldTypeChoices.all
        var picker = Picker(title: "Type", choices: types.map(\.description), items: types.map { ListItem($0.description) })
        #expect(types.count > Picker<String>.filteringThreshold && picker.filtersAsYouType)
        for character in "list<tim" { _ = picker.handle(.character(character)) }
        guard case .chose(let chosen) = picker.handle(.enter) else {
            Issue.record("Enter chose nothing")
            return
        }
        #expect(chosen == "LIST<TIMESTAMP>")
        var other = Picker(title: "Type", choices: types.map(\.description), items: types.map { ListItem($0.description) })
        _ = other.handle(.character("x"))
        _ = other.handle(.backspace)
        #expect(other.filter.isEmpty)
        _ = other.handle(.character("q"))
        if case .cancelled = other.handle(.escape) { Issue.record("Esc with a filter cancelled instead of clearing it") }
        #expect(other.filter.isEmpty)
        if case .cancelled = other.handle(.escape) {} else { Issue.record("Esc without a filter did not cancel") }
    }

    @Test("a short picker moves with j and k; pinned items stay whatever is typed")
    func shortAndPinned() {
        var short = Picker(title: "Action", choices: ["NONE", "DELETE_SELF", "VALIDATE"], items: ["NONE", "DELETE_SELF", "VALIDATE"])
        _ = short.handle(.character("j"))
        if case .chose(let chosen) = short.handle(.enter) { #expect(chosen == "DELETE_SELF") } else { Issue.record("Enter chose nothing") }
        let names: [String?] = [nil] + (1...20).map { "party-\($0)" }
        var pinned = Picker(title: "Records", choices: names, items: ["(type a record name)"] + (1...20).map { ListItem("party-\($0)") }, selected: 1, pinned: 1)
        for character in "party-99" { _ = pinned.handle(.character(character)) }
        if case .chose(let chosen) = pinned.handle(.enter) { #expect(chosen == String?.none) } else { Issue.record("the pinned item is gone") }
    }
}
