import Foundation

/// How far an import running in the background has got, read by the screen on each frame while the import writes
/// it from its task.
final class ImportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    private var fraction: Double?

    /// Records sent so far, and how much of the file (0 to 1) they cover when its size is known.
    var state: (sent: Int, fractionRead: Double?) {
        lock.withLock { (sent, fraction) }
    }

    /// Counts `count` more records sent, the file read up to `fractionRead`.
    func advance(by count: Int, fractionRead: Double?) {
        lock.withLock {
            sent += count
            fraction = fractionRead
        }
    }

    /// The progress as the status line shows it: `importing 1,200 records (24%)`.
    var text: String {
        let (sent, fraction) = state
        return "importing \(Counting.grouped(sent))" + (fraction.map { " (\(Int($0 * 100))%)" } ?? "")
    }
}
