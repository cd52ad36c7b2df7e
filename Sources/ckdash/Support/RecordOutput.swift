import CKModel
import CKSchema
import CommandLineSupport

/// Records as the `records` commands print them: a table with a RECORD NAME column and a column per field,
/// or CloudKit's wire JSON, one record per line.
enum RecordOutput {
    /// A table of `records`: the `fields` columns when given, else every field any record has, by name.
    static func table(_ records: [Record], fields: [String]? = nil) -> String {
        let columns = fields ?? Set(records.flatMap { ($0.fields ?? [:]).keys }).sorted()
        var table = TextTable(headers: ["RECORD NAME"] + columns)
        for record in records {
            table.rows.append([record.recordName ?? ""] + columns.map { name in
                record.fields?[name].map(FieldValueText.format) ?? ""
            })
        }
        return table.text
    }

    /// Prints `records` as the options ask: JSON lines, or a table.
    static func show(_ records: [Record], json: Bool, fields: [String]? = nil) {
        if json {
            for record in records {
                print(RecordFileWriter.jsonLine(record))
            }
        } else {
            print(table(records, fields: fields), terminator: "")
        }
    }
}
