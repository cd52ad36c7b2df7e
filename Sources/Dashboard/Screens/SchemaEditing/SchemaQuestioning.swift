import TerminalKit

/// A screen that asks the steps of a schema change over its body, one `SchemaQuestion` at a time.
protocol SchemaQuestioning: AnyObject {
    /// The question open over the screen, which takes every key.
    var question: SchemaQuestion? { get set }
}

extension SchemaQuestioning {
    /// Passes `key` to the open question; once it is answered or cancelled, closes it, then runs what the answer
    /// leads to (which may open the next question).
    func answerQuestion(_ key: Key, host: any ScreenHost) {
        guard let question else { return }
        switch question.handle(key) {
        case .open:
            break
        case .cancelled:
            self.question = nil
            host.report(StatusMessage("Cancelled: nothing was changed"))
        case .answered(let next):
            self.question = nil
            next()
        }
    }
}
