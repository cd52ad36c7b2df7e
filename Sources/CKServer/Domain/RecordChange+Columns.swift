/// A change already made into values, as engines that decode their rows first hand it to an answer: its row's
/// columns, with whether it is a tombstone and its change number.
extension RecordChange: StoredRecordColumns {
    public func withText<Result>(_ column: RecordRowColumn, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        try row.withText(column, body)
    }

    public func integer(_ column: RecordRowColumn) -> Int64 {
        switch column {
        case .deleted: isDeleted ? 1 : 0
        case .changeNumber: changeNumber
        default: row.integer(column)
        }
    }

    public func storedRow() -> StoredRecordRow {
        row
    }
}
