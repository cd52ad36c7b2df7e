/// One entry of a record's query index: a field's value (or one element of a list) in a form that orders
/// and compares the way queries need.
public struct IndexEntry: Hashable, Sendable {
    /// The field indexed (a system field under its schema name, such as `___createTime`).
    public var fieldName: String
    /// The value as indexed.
    public var value: IndexValue

    /// Creates an index entry.
    public init(fieldName: String, value: IndexValue) {
        self.fieldName = fieldName
        self.value = value
    }
}

/// A value as the index stores it: numbers as numbers, text case-folded, references by record name,
/// locations by latitude (a NEAR query scans a band of latitudes and checks the distance exactly).
public enum IndexValue: Hashable, Sendable, Comparable {
    case integer(Int64)
    case real(Double)
    case text(String)

    public static func < (lhs: IndexValue, rhs: IndexValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): a < b
        case (.real(let a), .real(let b)): a < b
        case (.integer(let a), .real(let b)): Double(a) < b
        case (.real(let a), .integer(let b)): a < Double(b)
        case (.text(let a), .text(let b)): a < b
        case (.text, _): false
        case (_, .text): true
        }
    }
}

/// A text to full-text index for a SEARCHABLE field.
public struct SearchEntry: Hashable, Sendable {
    /// The field.
    public var fieldName: String
    /// Its text (the elements of a list joined by spaces).
    public var text: String

    /// Creates a search entry.
    public init(fieldName: String, text: String) {
        self.fieldName = fieldName
        self.text = text
    }
}
