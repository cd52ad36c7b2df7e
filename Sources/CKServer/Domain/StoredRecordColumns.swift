import CKModel

/// The columns of a record's stored row, by position: every engine selects them in this order.
public enum RecordRowColumn: Int32, Sendable {
    case name, type, changeTag, fields, createdAt, createdBy, createdDevice, modifiedAt, modifiedBy, modifiedDevice
    case parent, shareInfo, deleted, changeNumber, rootShare
}

/// A record's stored row as storage reads it, its text left where the engine holds it: an answer writes the
/// record straight from here, without a `String` or a `StoredRecord` made for it. Valid only while the engine
/// hands it over.
public protocol StoredRecordColumns {
    /// Runs `body` with the column's UTF-8 text in place, `nil` for NULL.
    func withText<Result>(_ column: RecordRowColumn, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result

    /// The column as an integer.
    func integer(_ column: RecordRowColumn) -> Int64

    /// The row made into values of its own, which outlive the engine's hand-over.
    func storedRow() throws -> StoredRecordRow
}

extension StoredRecordColumns {
    public func storedRow() throws -> StoredRecordRow {
        let record = StoredRecord(
            recordName: text(.name), recordType: text(.type), changeTag: text(.changeTag), fields: [:],
            created: RecordStamp(
                timestamp: Timestamp(millisecondsSince1970: integer(.createdAt)), userRecordName: optionalText(.createdBy),
                deviceID: optionalText(.createdDevice)),
            modified: RecordStamp(
                timestamp: Timestamp(millisecondsSince1970: integer(.modifiedAt)), userRecordName: optionalText(.modifiedBy),
                deviceID: optionalText(.modifiedDevice)),
            parent: optionalText(.parent), share: optionalText(.rootShare), shareInfo: try optionalText(.shareInfo).map(StoredText.share(from:)))
        return StoredRecordRow(record: record, fieldsJSON: withText(.fields) { $0.map(Array.init) ?? [] })
    }

    /// The column as text (empty for NULL).
    func text(_ column: RecordRowColumn) -> String {
        optionalText(column) ?? ""
    }

    /// The column as text, `nil` for NULL.
    func optionalText(_ column: RecordRowColumn) -> String? {
        withText(column) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
