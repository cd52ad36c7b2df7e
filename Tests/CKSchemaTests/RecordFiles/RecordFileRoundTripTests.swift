import CKModel
import CKSchema
import Foundation
import Testing

/// What `RecordFileWriter` writes, `ImportFileReader` reads back as the same records, in both formats; a file
/// that cannot be read says where.
@Suite("Records files: written and read back")
struct RecordFileRoundTripTests {
    static let type = RecordType("Party", fields: [
        Field("name", .value(.string)), Field("rsvpCount", .value(.int64)), Field("date", .value(.timestamp)),
        Field("location", .value(.location)), Field("tags", .list(.string)),
    ])

    static let records = [
        Record(recordName: "party-1", recordType: "Party", fields: [
            "name": .string("Picnic, \"the\" big one\nsecond line"), "rsvpCount": .int64(42),
            "date": .timestamp(Timestamp(millisecondsSince1970: 1_796_115_600_250)), "location": .location(Location(latitude: 48.862, longitude: 2.25)),
            "tags": .list(.string(["a", "b,c"])),
        ]),
        Record(recordName: "party-2", recordType: "Party", fields: ["name": .string("")]),
    ]

    /// Writes `records` in `format` to a temporary file and reads them back.
    static func roundTrip(_ format: RecordFileFormat) throws -> [Record] {
        let writer = RecordFileWriter(format: format, recordType: type)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).\(format.rawValue)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (writer.header + records.map(writer.line).joined()).write(toFile: path, atomically: true, encoding: .utf8)
        let reader: ImportFileReader = try ImportFileReader(path: path, format: format, typeName: "Party", recordType: type)
        var read: [Record] = []
        while let entry = try reader.next() {
            read.append(try entry.record.get())
        }
        return read
    }

    @Test("every record and field comes back from JSON lines and from CSV", arguments: RecordFileFormat.allCases)
    func roundTrip(format: RecordFileFormat) throws {
        let read = try Self.roundTrip(format)
        #expect(read.map(\.recordName) == Self.records.map(\.recordName))
        for (original, back) in zip(Self.records, read) {
            #expect(back.fields == original.fields, "\(format)")
        }
    }

    @Test("a CSV row that breaks the rules is refused with the column where it does", arguments: [
        (#"a,b"c"#, RecordFileError.quoteInsideUnquotedCell(column: 4)),
        (#""a"b,c"#, .textAfterClosingQuote(column: 4)),
        (#"a,"b"#, .unclosedQuote(column: 3)),
    ])
    func cellErrors(row: String, error: RecordFileError) {
        #expect(throws: error) { try CSVFormat.cells(of: row) }
    }

    @Test("JSON lines in a file read as CSV: the header's error gives the line and column, and says the file is JSON lines")
    func jsonLinesAsCSV() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("party-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (Self.records.map { RecordFileWriter.jsonLine($0) + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ImportFileReader(path: path, format: .csv, typeName: "Party", recordType: Self.type)
            Issue.record("a JSON lines file was read as CSV")
        } catch {
            #expect(String(describing: error) == "\(path), line 1, column 2: a quote inside an unquoted cell "
                + "(the file holds JSON lines, not CSV: read it as JSON lines, or give it a .jsonl name)")
        }
    }
}
