import CKModel

/// Reads the records of an import file, as `records export` writes them, one entry at a time: JSON lines of
/// wire JSON, or CSV with a `recordName` column and field columns typed by the schema.
///
/// Records are made ready to create: of type `recordType`, without change tag, timestamps or zone; a record
/// without a name gets one from its text (`import-` and a hash), so importing the same file again never
/// creates it twice. ASSET values are left out: a records file holds a file's URL or checksum, not the file.
public final class ImportFileReader {
    private let lines: LineReader
    private let format: RecordFileFormat
    private let typeName: String
    private let recordType: RecordType?
    private var columns: [String] = []

    /// Opens `path`; for CSV, reads the header.
    public init(path: String, format: RecordFileFormat, typeName: String, recordType: RecordType?) throws(RecordFileError) {
        self.lines = try LineReader(path: path)
        self.format = format
        self.typeName = typeName
        self.recordType = recordType
        if format == .csv {
            guard let header = try nextRow() else { throw RecordFileError.emptyCSV(path: path) }
            let names: [String?]
            do {
                names = try CSVFormat.cells(of: header.text)
            } catch {
                throw RecordFileError.unreadableHeader(path: path, problem: error, looksLikeJSON: header.text.hasPrefix("{"))
            }
            guard names.first == "recordName" else { throw RecordFileError.headerWithoutRecordName(path: path) }
            columns = names.map { $0 ?? "" }
        }
    }

    /// How much of the file (0 to 1) the entries read so far cover; `nil` when its size is unknown.
    public var fractionRead: Double? {
        lines.fractionRead
    }

    /// The next record, or `nil` at the end of the file; blank lines are skipped.
    public func next() throws(RecordFileError) -> ImportEntry? {
        guard let row = try nextRow() else { return nil }
        let record = Result { () throws(ImportLineProblem) in
            var record = try format == .csv ? csvRecord(row.text) : jsonRecord(row.text)
            record.recordName = record.recordName.flatMap { $0.isEmpty ? nil : $0 } ?? Self.name(for: row.text)
            return record
        }
        return ImportEntry(lines: row.lines, record: record)
    }

    /// A name made from a record's text: the same text always gets the same name.
    public static func name(for text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "import-" + String(hash, radix: 16)
    }

    /// The next non-blank line, with the lines that continue it when it opens a quoted CSV cell.
    private func nextRow() throws(RecordFileError) -> (text: String, lines: ClosedRange<Int>)? {
        var line = ""
        while line.isEmpty {
            guard let next = try lines.next() else { return nil }
            line = next
        }
        let first = lines.lineNumber
        while format == .csv, !CSVFormat.isComplete(line), let next = try lines.next() {
            line += "\n" + next
        }
        return (line, first...lines.lineNumber)
    }

    private func jsonRecord(_ text: String) throws(ImportLineProblem) -> Record {
        guard var record = try? JSONValueDecoder().decode(Record.self, from: Array(text.utf8)) else {
            throw ImportLineProblem(description: "not a record in wire JSON")
        }
        record.recordType = typeName
        record.fields = record.fields?.filter { $0.value.valueType != .asset }
        record.recordChangeTag = nil
        record.created = nil
        record.modified = nil
        record.zoneID = nil
        return record
    }

    private func csvRecord(_ text: String) throws(ImportLineProblem) -> Record {
        let cells: [String?]
        do {
            cells = try CSVFormat.cells(of: text)
        } catch {
            throw ImportLineProblem(description: "\(error)")
        }
        guard cells.count == columns.count else {
            throw ImportLineProblem(description: "\(cells.count) cells where the header has \(columns.count)")
        }
        var fields: [String: FieldValue] = [:]
        for (name, cell) in zip(columns, cells).dropFirst() {
            guard let cell else { continue }
            if recordType?.field(named: name)?.type.valueType == .asset { continue }
            do {
                fields[name] = try FieldValueText.parse(cell, as: recordType?.field(named: name)?.type)
            } catch {
                throw ImportLineProblem(description: "\(name): \(error)")
            }
        }
        return Record(recordName: cells[0], recordType: typeName, fields: fields)
    }
}
