import TerminalKit

/// The question a new server-to-server key asks: a public key file's path, or the key pasted. A paste of several
/// lines arrives as lines each ended by Enter, so after a `-----BEGIN` line the prompt keeps reading lines until
/// the `-----END` one instead of answering (and instead of letting the rest of the paste reach the screen's keys).
struct PublicKeyPrompt {
    /// What a key did to the prompt.
    enum Outcome: Equatable {
        case consumed
        case answered(PublicKeyInput)
        case refused(PublicKeyInputError)
        case cancelled
    }

    private static let title = "New server-to-server key"
    private static let question = "Path of the public key's PEM file, or paste the key:"
    private var prompt = Prompt(title: Self.title, message: Self.question)
    /// The lines of a PEM block read so far.
    private var pasted: [String] = []

    /// Edits, reads a pasted line, answers or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        switch prompt.handle(key) {
        case .consumed:
            return .consumed
        case .cancelled:
            return .cancelled
        case .answered(let line):
            let isBlockOpen = !pasted.isEmpty || (line.contains("-----BEGIN") && !line.contains("-----END"))
            pasted.append(line)
            guard isBlockOpen, !line.contains("-----END") else { return finish() }
            prompt = Prompt(title: Self.title, message: "\(pasted.count) lines of PEM read, up to -----END PUBLIC KEY-----")
            return .consumed
        }
    }

    /// Draws the prompt centred in `rect`.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        prompt.draw(in: rect, on: &canvas, theme: theme)
    }

    private func finish() -> Outcome {
        do throws(PublicKeyInputError) {
            return .answered(try PublicKeyInput(lines: pasted))
        } catch {
            return .refused(error)
        }
    }
}
