import CKModel
import CKSchema
import Foundation

/// Writes requests listed on `:logs` to a file: CSV when its name ends in `.csv` (as `ckdash logs --csv` prints
/// it), else JSON lines (as `ckdash logs --json`), replacing the file whole.
enum LogsExport {
    /// Writes `entries` (newest first, as listed) to `file`; returns whether it wrote CSV.
    static func write(_ entries: [RequestLogEntry], to file: URL) throws -> Bool {
        let csv = file.pathExtension.lowercased() == "csv"
        let lines: [String]
        if csv {
            lines = [RequestLogCSV.header] + entries.map(RequestLogCSV.row)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            lines = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        }
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: file, options: .atomic)
        return csv
    }
}
