import TerminalKit

extension Table {
    /// Lets the table take `key` (moving the selection); Enter on a row calls `open`. Returns whether the key
    /// was the table's.
    mutating func handleOpening(_ key: Key, open: () -> Void) -> Bool {
        switch handle(key) {
        case .ignored: return false
        case .chosen: open()
        case .consumed, .moved: break
        }
        return true
    }
}
