/// A range of one field's index to read, in value order.
public struct IndexScan: Hashable, Sendable {
    /// The record type whose index is read.
    public var recordType: String
    /// The field.
    public var fieldName: String
    /// The lowest value wanted and whether it is included; `nil` for no lower bound.
    public var lower: Bound?
    /// The highest value wanted and whether it is included; `nil` for no upper bound.
    public var upper: Bound?
    /// Highest values first.
    public var descending: Bool

    /// One end of a range.
    public struct Bound: Hashable, Sendable {
        public var value: IndexValue
        public var inclusive: Bool

        /// Creates a bound.
        public init(_ value: IndexValue, inclusive: Bool) {
            self.value = value
            self.inclusive = inclusive
        }
    }

    /// Whether `value` lies within the scanned range.
    public func contains(_ value: IndexValue) -> Bool {
        if let lower, lower.inclusive ? value < lower.value : !(lower.value < value) {
            return false
        }
        if let upper, upper.inclusive ? upper.value < value : !(value < upper.value) {
            return false
        }
        return true
    }

    /// The same scan starting at `value` (included) in its reading direction, unless its own bound is further.
    public func starting(at value: IndexValue) -> IndexScan {
        var scan = self
        let start = Bound(value, inclusive: true)
        if descending {
            if upper.map({ value < $0.value }) ?? true { scan.upper = start }
        } else if lower.map({ $0.value < value }) ?? true {
            scan.lower = start
        }
        return scan
    }

    /// Creates a scan.
    public init(recordType: String, fieldName: String, lower: Bound? = nil, upper: Bound? = nil, descending: Bool = false) {
        self.recordType = recordType
        self.fieldName = fieldName
        self.lower = lower
        self.upper = upper
        self.descending = descending
    }
}

/// One entry read from an index: where a scan is, and the record it points to.
public struct IndexHit: Hashable, Sendable {
    /// The indexed value.
    public var value: IndexValue
    /// The record.
    public var recordName: String

    /// Creates a hit.
    public init(value: IndexValue, recordName: String) {
        self.value = value
        self.recordName = recordName
    }
}
