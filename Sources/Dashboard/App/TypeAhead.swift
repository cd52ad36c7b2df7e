import TerminalKit

/// Keys typed while the screen on top was still fetching what the first of them changes: held in order and handed
/// on once it has loaded, so that `a` then `tags` typed during a reload reach the dialog `a` opens rather than
/// running as other commands. Esc drops them; at most `capacity` are held, and the ones beyond are refused.
struct TypeAhead {
    /// The most keys held at once.
    static let capacity = 256

    /// The keys held, the first being the change that waits.
    private(set) var keys: [Key] = []
    /// The label of the change the first key makes, such as `Add`.
    private(set) var waitingLabel = ""

    var isHolding: Bool { !keys.isEmpty }

    /// Starts holding with `key`, which makes the change `label` names.
    mutating func start(with key: Key, label: String) {
        keys = [key]
        waitingLabel = label
    }

    /// Holds `key` after the others; `false` when `capacity` keys are held already.
    mutating func hold(_ key: Key) -> Bool {
        guard keys.count < Self.capacity else { return false }
        keys.append(key)
        return true
    }

    /// The keys held, in order, no longer held.
    mutating func take() -> [Key] {
        defer { keys = [] }
        return keys
    }

    /// What the status line says while keys are held: the same text for every key held, so that `:messages`
    /// keeps it once.
    var status: String {
        "Still loading: \(waitingLabel), and the keys typed after it, will run once this screen has loaded (Esc drops them)"
    }
}
