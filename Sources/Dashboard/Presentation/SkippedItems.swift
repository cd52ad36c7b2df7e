/// How many items a live view passed over to keep up with a burst: exactly `count`, or at least that many when
/// counting them all would have read too much.
struct SkippedItems: Sendable, Equatable {
    /// How many were counted.
    var count = 0
    /// Whether more were skipped than were counted.
    var isAtLeast = false

    /// Both counts together.
    static func + (lhs: SkippedItems, rhs: SkippedItems) -> SkippedItems {
        SkippedItems(count: lhs.count + rhs.count, isAtLeast: lhs.isAtLeast || rhs.isAtLeast)
    }

    /// `12,345` or `more than 10,000`.
    var text: String {
        (isAtLeast ? "more than " : "") + Counting.grouped(count)
    }
}
