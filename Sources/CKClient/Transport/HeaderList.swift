import Foundation

extension Sequence where Element == (name: String, value: String) {
    /// The value of the first header named `name`, compared without case, as HTTP header names are.
    func value(named name: String) -> String? {
        first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
