import CKModel

/// Records written in a records file as `ImportFileReader` reads them back: JSON lines of CloudKit's wire JSON, or
/// CSV with a `recordName` column and a column per field of the type, values as `FieldValueText` writes them.
public struct RecordFileWriter: Sendable {
    /// The format written.
    public let format: RecordFileFormat
    /// The field columns after `recordName` (CSV): the type's own fields, in the schema's order.
    public let columns: [String]
    /// The encrypted fields of the type, left out of every line unless the writer was asked to include them.
    public let leftOut: [String]

    /// A writer of records of `recordType` (needed for CSV's columns) in `format`. The type's encrypted fields are
    /// written only when `includesEncrypted`: an export never carries them by chance.
    public init(format: RecordFileFormat, recordType: RecordType?, includesEncrypted: Bool = false) {
        self.format = format
        let fields = recordType?.fields.filter { !$0.isSystemField } ?? []
        let encrypted = includesEncrypted ? [] : fields.filter(\.type.primitive.isEncrypted).map(\.name)
        leftOut = encrypted
        columns = fields.map(\.name).filter { !encrypted.contains($0) }
    }

    /// What the file starts with: CSV's header line; nothing for JSON lines.
    public var header: String {
        format == .csv ? CSVFormat.row(["recordName"] + columns) + "\n" : ""
    }

    /// `record` as one line of the file, its line break included.
    public func line(_ record: Record) -> String {
        switch format {
        case .jsonl: Self.jsonLine(leavingOut(record)) + "\n"
        case .csv: CSVFormat.row([record.recordName] + columns.map { record.fields?[$0].map(FieldValueText.format) }) + "\n"
        }
    }

    /// `record` without the fields left out.
    private func leavingOut(_ record: Record) -> Record {
        guard !leftOut.isEmpty else { return record }
        var record = record
        for field in leftOut { record.fields?.removeValue(forKey: field) }
        return record
    }

    /// `record` as one line of CloudKit's wire JSON.
    public static func jsonLine(_ record: Record) -> String {
        var writer = JSONWriter(capacity: 512)
        record.write(to: &writer, numbersAsStrings: false)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
