import CKModel
import CKSchema
import Testing

/// An export never carries an encrypted field by chance: the writer leaves them out unless asked.
@Suite("Records files: encrypted fields")
struct RecordFileEncryptionTests {
    static let type = RecordType("CD_Entry", fields: [Field("CD_title", .value(.string)), Field("CD_text", FieldType(.encrypted(.string)))])
    static let record = Record(recordName: "e1", recordType: "CD_Entry", fields: ["CD_title": .string("Harbour walk"), "CD_text": .string("a secret")])

    @Test("CSV and JSON lines leave encrypted fields out and name them; asked to, they write them")
    func leftOutUnlessAsked() {
        for format in [RecordFileFormat.csv, .jsonl] {
            let writer = RecordFileWriter(format: format, recordType: Self.type)
            #expect(writer.leftOut == ["CD_text"])
            let text = writer.header + writer.line(Self.record)
            #expect(text.contains("Harbour walk") && !text.contains("a secret") && !text.contains("CD_text"), "\(format): \(text)")
            let everything = RecordFileWriter(format: format, recordType: Self.type, includesEncrypted: true)
            #expect(everything.leftOut.isEmpty && (everything.header + everything.line(Self.record)).contains("a secret"))
        }
    }
}
