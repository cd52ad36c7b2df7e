import CKModel

/// Records written in a records file as `ImportFileReader` reads them back: JSON lines of CloudKit's wire JSON, or
/// CSV with a `recordName` column and a column per field of the type, values as `FieldValueText` writes them.
public struct RecordFileWriter: Sendable {
    /// The format written.
    public let format: RecordFileFormat
    /// The field columns after `recordName` (CSV): the type's own fields, in the schema's order.
    public let columns: [String]

    /// A writer of records of `recordType` (needed for CSV's columns) in `format`.
    public init(format: RecordFileFormat, recordType: RecordType?) {
        self.format = format
        columns = recordType?.fields.filter { !$0.isSystemField }.map(\.name) ?? []
    }

    /// What the file starts with: CSV's header line; nothing for JSON lines.
    public var header: String {
        format == .csv ? CSVFormat.row(["recordName"] + columns) + "\n" : ""
    }

    /// `record` as one line of the file, its line break included.
    public func line(_ record: Record) -> String {
        switch format {
        case .jsonl: Self.jsonLine(record) + "\n"
        case .csv: CSVFormat.row([record.recordName] + columns.map { record.fields?[$0].map(FieldValueText.format) }) + "\n"
        }
    }

    /// `record` as one line of CloudKit's wire JSON.
    public static func jsonLine(_ record: Record) -> String {
        var writer = JSONWriter(capacity: 512)
        record.write(to: &writer, numbersAsStrings: false)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
