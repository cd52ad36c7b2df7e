import CKModel

/// One record of an import file: the lines it was read from, and the record to create or why it cannot be.
struct ImportEntry {
    /// The file's lines the record was read from (a CSV row may span lines).
    var lines: ClosedRange<Int>
    /// The record, or what is wrong with its lines.
    var record: Result<Record, ImportLineProblem>
}

/// Why an import file's line holds no valid record.
struct ImportLineProblem: Error, CustomStringConvertible {
    var description: String
}
