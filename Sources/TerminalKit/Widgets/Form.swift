/// Labelled fields filled in one after the other: Tab and Shift-Tab (or ↓ and ↑) move between them, Enter
/// moves on and on the last field submits when every value passes its rule, Esc cancels. A refused value
/// shows its message under the field, and the form goes back to the first one refused.
///
/// ```swift
/// var form = Form(fields: [
///     .text("name", label: "Zone name", validate: { $0.isEmpty ? "A zone needs a name." : nil }),
///     .choice("database", label: "Database", options: ["private", "shared"]),
/// ])
/// if case .submitted(let values) = form.handle(key) { createZone(values["name"]!) }
/// ```
public struct Form: Sendable {
    /// What a key did to a form.
    public enum Outcome: Hashable, Sendable {
        /// The key edited, moved, or was refused.
        case consumed
        /// Every value passed its rule; the values by field id.
        case submitted([String: String])
        /// Esc was pressed.
        case cancelled
    }

    /// The fields, top to bottom.
    public private(set) var fields: [FormField]
    /// The field with the keyboard.
    public private(set) var focusedField = 0

    /// A form of `fields`, the first focused.
    public init(fields: [FormField]) {
        self.fields = fields
    }

    /// The values by field id.
    public var values: [String: String] {
        Dictionary(fields.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Edits the focused field, moves between fields, submits or cancels.
    public mutating func handle(_ key: Key) -> Outcome {
        guard !fields.isEmpty else { return key == .escape ? .cancelled : .consumed }
        switch key {
        case .escape: return .cancelled
        case .tab: moveFocus(by: 1)
        case .backTab: moveFocus(by: -1)
        case .enter: return focusedField == fields.count - 1 ? submit() : moveFocus(by: 1)
        default:
            if fields[focusedField].handle(key) == .ignored {
                if key == .down { moveFocus(by: 1) }
                if key == .up { moveFocus(by: -1) }
            }
        }
        return .consumed
    }

    /// Checks the field being left, then focuses the next (or previous) one, wrapping around.
    @discardableResult
    private mutating func moveFocus(by step: Int) -> Outcome {
        _ = fields[focusedField].check()
        focusedField = (focusedField + step + fields.count) % fields.count
        return .consumed
    }

    private mutating func submit() -> Outcome {
        let accepted = fields.indices.map { fields[$0].check() }
        guard let refused = accepted.firstIndex(of: false) else { return .submitted(values) }
        focusedField = refused
        return .consumed
    }

    /// Draws each field on a row of its own, labels in a column on the left and each message on the row below.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        canvas.fill(rect, style: theme.style(.dialog))
        for (index, editor) in editorRects(in: rect) {
            let isFocused = focused && index == focusedField
            let label = Rect(x: rect.x, y: editor.y, width: editor.x - rect.x - 1, height: 1)
            canvas.write(fields[index].label, in: label, style: theme.style(isFocused ? .title : .dialog))
            fields[index].drawEditor(in: editor, on: &canvas, theme: theme, focused: isFocused)
            if let message = fields[index].message {
                canvas.write(message, in: editor.offsetBy(rows: 1), style: theme.style(.error))
            }
        }
    }

    /// Where the terminal's cursor belongs after drawing in `rect`: in the focused text field, if it is one.
    public func cursorPosition(in rect: Rect) -> Position? {
        guard fields.indices.contains(focusedField), case .text(let field) = fields[focusedField].kind else { return nil }
        let editor = editorRects(in: rect).first { $0.index == focusedField }?.editor
        return editor.map { field.cursorPosition(in: $0) }
    }

    /// The editor of each field that fits, by the field's index: two rows per field, after a label column as wide as
    /// the longest label. When not every field fits, the fields shown scroll so that the focused one is among them.
    private func editorRects(in rect: Rect) -> [(index: Int, editor: Rect)] {
        let labelWidth = min(rect.width / 2, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
        let fitting = max(0, (rect.height + 1) / 2)
        let first = max(0, min(focusedField - fitting + 1, fields.count - fitting))
        return fields.indices.dropFirst(first).prefix(fitting).enumerated().map { row, index in
            (index, Rect(x: rect.x + labelWidth, y: rect.y + 2 * row, width: rect.width - labelWidth, height: 1))
        }
    }
}
