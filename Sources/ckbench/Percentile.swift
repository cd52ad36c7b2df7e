extension Array where Element: Comparable {
    /// The value `fraction` (0.5 for the median, 0.99 for p99) of the way up the sorted values: the smallest
    /// one at least that fraction of the values are at or below.
    func percentile(_ fraction: Double) -> Element {
        let sorted = sorted()
        let index = Swift.min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return sorted[Swift.max(0, index)]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds.
    var milliseconds: Double {
        seconds * 1000
    }
}
