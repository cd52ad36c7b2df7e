/// How many items a live view passed over to keep up with a burst: exactly `count`, or at least that many when
/// counting them all would have read too much.
struct SkippedItems: Sendable, Equatable {
    var count = 0
    var isAtLeast = false

    /// These and `other` together.
    static func + (lhs: SkippedItems, rhs: SkippedItems) -> SkippedItems {
        SkippedItems(count: lhs.count + rhs.count, isAtLeast: lhs.isAtLeast || rhs.isAtLeast)
    }

    /// `12,345` or `more than 10,000`.
    var text: String {
        (isAtLeast ? "more than " : "") + Counting.grouped(count)
    }
}
