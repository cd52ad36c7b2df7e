/// One labelled field of a `Form`: a text field or a choice among options, with the rule its value must meet
/// and the message shown under it when it does not.
public struct FormField: Sendable {
    /// What is edited: free text, or one of a list of options.
    public enum Kind: Hashable, Sendable {
        /// Free text.
        case text(TextField)
        /// One of `options`, the one at `selected` chosen; ←/→ or Space change it.
        case choice(options: [String], selected: Int)
    }

    /// The key of its value in the submitted values.
    public var id: String
    /// The label left of it.
    public var label: String
    /// The editor.
    public var kind: Kind
    /// Why a value is refused, or `nil` when it is fine.
    public var validate: @Sendable (String) -> String?
    /// The message shown under it after a refused value.
    public internal(set) var message: String?

    /// A text field labelled `label`.
    public static func text(
        _ id: String, label: String, text: String = "", placeholder: String = "", validate: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> FormField {
        FormField(id: id, label: label, kind: .text(TextField(text: text, placeholder: placeholder)), validate: validate)
    }

    /// A choice labelled `label` among `options`, starting at `selected`.
    public static func choice(_ id: String, label: String, options: [String], selected: Int = 0) -> FormField {
        FormField(id: id, label: label, kind: .choice(options: options, selected: selected), validate: { _ in nil })
    }

    /// The text typed or the option chosen.
    public var value: String {
        switch kind {
        case .text(let field): field.text
        case .choice(let options, let selected): options.indices.contains(selected) ? options[selected] : ""
        }
    }

    /// Runs the rule, keeping its message; returns whether the value is accepted.
    mutating func check() -> Bool {
        message = validate(value)
        return message == nil
    }

    /// Gives `key` to the editor; a changed value clears the message.
    mutating func handle(_ key: Key) -> TextField.Outcome {
        let outcome: TextField.Outcome
        switch kind {
        case .text(var field):
            outcome = field.handle(key)
            kind = .text(field)
        case .choice(let options, let selected):
            let step = switch key {
            case .right, .character(" "): 1
            case .left: -1
            default: 0
            }
            guard step != 0, !options.isEmpty else { return .ignored }
            kind = .choice(options: options, selected: (selected + step + options.count) % options.count)
            outcome = .edited
        }
        if outcome == .edited { message = nil }
        return outcome
    }

    /// Draws the editor in `rect`, the choice as `‹ option ›`.
    mutating func drawEditor(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        switch kind {
        case .text(var field):
            field.draw(in: rect, on: &canvas, theme: theme, focused: focused)
            kind = .text(field)
        case .choice:
            canvas.fill(rect, style: theme.style(.input))
            canvas.write("‹ \(value) ›", in: rect, style: theme.style(.input))
        }
    }
}
