import TerminalKit

/// A list of choices in a framed box over the screen: j/k or arrows move, Enter chooses, Esc cancels.
struct Picker<Choice> {
    /// What a key did to the picker.
    enum Outcome {
        case consumed
        case chose(Choice)
        case cancelled
    }

    /// The box's title.
    var title: String
    /// The choices, in the order listed.
    var choices: [Choice]
    private var list: ListView

    /// A picker titled `title` listing `items` for `choices` (one item per choice), with `selected` highlighted.
    init(title: String, choices: [Choice], items: [ListItem], selected: Int = 0) {
        self.title = title
        self.choices = choices
        list = ListView(items: items)
        list.select(selected)
    }

    /// Moves, chooses or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        if key == .escape { return .cancelled }
        if case .chosen(let index) = list.handle(key), choices.indices.contains(index) { return .chose(choices[index]) }
        return .consumed
    }

    /// Draws the box centred in `rect`, as wide as its longest item.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let widest = list.items.map { DisplayWidth.of($0.title) + ($0.detail.map { DisplayWidth.of($0) + 3 } ?? 0) }.max() ?? 0
        let width = max(widest, DisplayWidth.of(title) + 2) + 6
        let box = rect.centered(Size(width: width, height: min(rect.height, list.items.count + 2)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme)
        list.draw(in: inside, on: &canvas, theme: theme, focused: true)
    }
}
