import CKModel

/// One record of an import file: the lines it was read from, and the record to create or why it cannot be.
public struct ImportEntry: Sendable {
    /// The file's lines the record was read from (a CSV row may span lines).
    public var lines: ClosedRange<Int>
    /// The record, or what is wrong with its lines.
    public var record: Result<Record, ImportLineProblem>
}

/// Why an import file's line holds no valid record.
public struct ImportLineProblem: Error, CustomStringConvertible {
    public var description: String
}
