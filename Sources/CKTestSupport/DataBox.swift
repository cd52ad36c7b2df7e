import Foundation

/// Data handed from a reading thread to the test, once.
final class DataBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil {
            condition.wait()
        }
        return data ?? Data()
    }
}
