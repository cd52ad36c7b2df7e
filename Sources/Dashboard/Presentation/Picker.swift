import Foundation
import TerminalKit

/// A list of choices in a framed box over the screen: j/k or arrows move, Enter chooses, Esc cancels. A picker of
/// more than `filteringThreshold` choices filters as you type instead (the letters narrow the list to the items
/// whose text contains them, arrows move, Backspace edits, Esc clears the filter, then cancels).
struct Picker<Choice> {
    /// What a key did to the picker.
    enum Outcome {
        case consumed
        case chose(Choice)
        case cancelled
    }

    /// Pickers of more choices than this filter as you type.
    static var filteringThreshold: Int { 12 }

    /// The box's title.
    var title: String
    /// The choices, in the order listed.
    var choices: [Choice]
    private let items: [ListItem]
    /// The text typed to narrow the list.
    private(set) var filter = ""
    /// The indexes of `choices` shown, in order.
    private var shown: [Int]
    /// How many of the first choices stay shown whatever the filter, such as `(type a record name)`.
    private let pinned: Int
    private var list: ListView

    /// A picker titled `title` listing `items` for `choices` (one item per choice), with `selected` highlighted;
    /// the first `pinned` items are never filtered out.
    init(title: String, choices: [Choice], items: [ListItem], selected: Int = 0, pinned: Int = 0) {
        self.title = title
        self.choices = choices
        self.items = items
        self.pinned = pinned
        shown = Array(items.indices)
        list = ListView(items: items, emptyMessage: "Nothing matches")
        list.select(selected)
    }

    /// Whether typed letters filter the list rather than move in it.
    var filtersAsYouType: Bool { choices.count > Self.filteringThreshold }

    /// Moves, filters, chooses or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        if filtersAsYouType, let outcome = handleFilter(key) { return outcome }
        if key == .escape { return .cancelled }
        if case .chosen(let index) = list.handle(key), shown.indices.contains(index), choices.indices.contains(shown[index]) {
            return .chose(choices[shown[index]])
        }
        return .consumed
    }

    /// Draws the box centred in `rect`, as wide as its longest item, with the filter typed on its bottom line.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let widest = items.map { DisplayWidth.of($0.title) + ($0.detail.map { DisplayWidth.of($0) + 3 } ?? 0) }.max() ?? 0
        let width = max(widest, DisplayWidth.of(title) + 2, filtersAsYouType ? 24 : 0) + 6
        let extra = filtersAsYouType ? 1 : 0
        let box = rect.centered(Size(width: width, height: min(rect.height, items.count + 2 + extra)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme)
        guard filtersAsYouType else {
            list.draw(in: inside, on: &canvas, theme: theme, focused: true)
            return
        }
        let (body, footer) = inside.splitBottom(1)
        list.draw(in: body, on: &canvas, theme: theme, focused: true)
        let line = filter.isEmpty ? "type to filter" : "/" + filter
        canvas.write(line, in: footer.inset(horizontal: 1), style: theme.style(filter.isEmpty ? .muted : .input))
    }

    /// Typed letters, Backspace and Esc (with a filter) change the filter; other keys are the list's (`nil`).
    private mutating func handleFilter(_ key: Key) -> Outcome? {
        switch key {
        case .character(let character) where !character.isWhitespace || !filter.isEmpty:
            filter.append(character)
        case .backspace where !filter.isEmpty:
            filter.removeLast()
        case .escape where !filter.isEmpty:
            filter = ""
        default:
            return nil
        }
        shown = items.indices.filter { index in
            index < pinned || filter.isEmpty || items[index].title.localizedCaseInsensitiveContains(filter)
                || (items[index].detail?.localizedCaseInsensitiveContains(filter) ?? false)
        }
        list = ListView(items: shown.map { items[$0] }, emptyMessage: "Nothing matches \(filter)")
        list.select(shown.count > pinned ? pinned : 0)
        return .consumed
    }
}
