import CommandLineSupport
import Foundation

/// Asks for a name to be typed before something that cannot be undone, as CloudKit Console asks for the
/// container name before a deploy or a reset. The answer is read from standard input, so a script may pipe
/// it in; a script that cannot, or that must confirm exactly what it reviewed, passes `--yes`.
enum Confirmation {
    /// Returns when `expected` was typed; fails when anything else was, or when input ended first.
    static func requireTyped(_ expected: String, prompt: String, scriptHint: String) throws {
        FileHandle.standardError.write(Data("\(prompt)\nType \(expected) to confirm: ".utf8))
        guard let answer = readLine(strippingNewline: true) else {
            throw CommandFailure("not confirmed (no answer on standard input): \(scriptHint)")
        }
        guard answer.trimmingCharacters(in: .whitespaces) == expected else {
            throw CommandFailure("not confirmed: \"\(answer)\" is not \(expected); nothing was changed")
        }
    }
}
