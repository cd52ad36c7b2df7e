import CKModel

/// A row already made into values, as engines that decode their rows first hand it to an answer.
extension StoredRecordRow: StoredRecordColumns {
    public func withText<Result>(_ column: RecordRowColumn, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        let text: String?
        switch column {
        case .name: text = record.recordName
        case .type: text = record.recordType
        case .changeTag: text = record.changeTag
        case .fields: return try fieldsJSON.withUnsafeBytes(body)
        case .createdBy: text = record.created.userRecordName
        case .createdDevice: text = record.created.deviceID
        case .modifiedBy: text = record.modified.userRecordName
        case .modifiedDevice: text = record.modified.deviceID
        case .parent: text = record.parent
        case .rootShare: text = record.share
        case .shareInfo: text = try? StoredText.share(record.shareInfo)
        case .createdAt, .modifiedAt, .deleted, .changeNumber: text = nil
        }
        guard var text else { return try body(nil) }
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    /// The stamps' times; a row read for an answer is live, and its change number is not kept (0).
    public func integer(_ column: RecordRowColumn) -> Int64 {
        switch column {
        case .createdAt: record.created.timestamp.millisecondsSince1970
        case .modifiedAt: record.modified.timestamp.millisecondsSince1970
        default: 0
        }
    }

    public func storedRow() -> StoredRecordRow {
        self
    }
}
