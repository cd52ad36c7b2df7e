import TerminalKit

/// One step of a schema change asked over a screen: a name typed in a prompt, one choice from a picker, or
/// indexes ticked in a checklist; what comes of the answer (the next question, or the change) is given when
/// the question is made, so that a screen holds one question at a time whatever the step.
struct SchemaQuestion {
    /// What a key did to the question.
    enum Outcome {
        /// The question is still open.
        case open
        /// Esc: nothing is to be done.
        case cancelled
        /// Answered: run `next` once the question is closed (it may ask the next one).
        case answered(next: () -> Void)
    }

    private let answer: (Key) -> Outcome
    private let render: (Rect, inout Canvas, Theme) -> Void

    /// A prompt whose typed text goes to `then`.
    init(_ prompt: Prompt, then: @escaping (String) -> Void) {
        var prompt = prompt
        answer = { key in
            switch prompt.handle(key) {
            case .consumed: .open
            case .cancelled: .cancelled
            case .answered(let text): .answered { then(text) }
            }
        }
        render = { rect, canvas, theme in prompt.draw(in: rect, on: &canvas, theme: theme) }
    }

    /// A picker whose choice goes to `then`.
    init<Choice>(_ picker: Picker<Choice>, then: @escaping (Choice) -> Void) {
        var picker = picker
        answer = { key in
            switch picker.handle(key) {
            case .consumed: .open
            case .cancelled: .cancelled
            case .chose(let choice): .answered { then(choice) }
            }
        }
        render = { rect, canvas, theme in picker.draw(in: rect, on: &canvas, theme: theme) }
    }

    /// A checklist whose ticked items go to `then`.
    init<Item>(_ checklist: Checklist<Item>, then: @escaping ([Item]) -> Void) {
        var checklist = checklist
        answer = { key in
            switch checklist.handle(key) {
            case .consumed: .open
            case .cancelled: .cancelled
            case .applied(let items): .answered { then(items) }
            }
        }
        render = { rect, canvas, theme in checklist.draw(in: rect, on: &canvas, theme: theme) }
    }

    /// Passes `key` to the prompt, picker or checklist.
    func handle(_ key: Key) -> Outcome {
        answer(key)
    }

    /// Draws the question centred over `rect`.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        render(rect, &canvas, theme)
    }
}
