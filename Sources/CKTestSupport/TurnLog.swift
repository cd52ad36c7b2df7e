import Foundation
import Testing

/// Where heavy tests say how long they waited for their turn and how long they then ran: the file named by
/// `CKDASH_TEST_TURNS`, one tab-separated line a test case: `waited` and `ran` in seconds, and the test's ID (a
/// parameterized test's cases share it). A test's duration in `swift test`'s output counts both; this tells them
/// apart.
///
/// ```sh
/// CKDASH_TEST_TURNS=/tmp/turns.tsv swift test && sort -t$'\t' -k2 -n /tmp/turns.tsv | tail
/// ```
final class TurnLog: Sendable {
    /// The log `CKDASH_TEST_TURNS` names, or `nil` when it is not set or the file cannot be opened.
    static let shared: TurnLog? = ProcessInfo.processInfo.environment["CKDASH_TEST_TURNS"].flatMap(TurnLog.init(path:))

    private let file: FileHandle
    private let lock = NSLock()

    private init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else { return nil }
        self.file = file
    }

    func record(_ test: Test, waited: Duration, ran: Duration) {
        let line = String(format: "%.3f\t%.3f\t", Self.seconds(waited), Self.seconds(ran)) + "\(test.id)\n"
        lock.withLock { file.write(Data(line.utf8)) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
