import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The dialog before an import: the file's first records as they will be created (or what is wrong with their
/// lines), then what a dry run found once one ran; Import, Dry run or Cancel.
struct ImportPreviewDialog {
    /// What the user chose.
    enum Outcome: Equatable {
        case consumed, importAll, dryRun, cancelled
    }

    let importer: RecordFileImport
    let preview: RecordFileImport.Preview
    /// The dry run's findings, once it ran.
    var dryRun: RecordFileImport.DryRun?
    private var dialog: Dialog

    init(importer: RecordFileImport, preview: RecordFileImport.Preview, display: FieldValueDisplay) {
        self.importer = importer
        self.preview = preview
        dialog = Dialog(title: "", message: "", buttons: [DialogButton("Import", shortcut: "i"), DialogButton("Dry run", shortcut: "d"), DialogButton("Cancel", shortcut: "c")])
        refresh(display: display)
    }

    /// Shows `dryRun`'s findings under the preview.
    mutating func show(_ dryRun: RecordFileImport.DryRun, display: FieldValueDisplay) {
        self.dryRun = dryRun
        refresh(display: display)
    }

    mutating func handle(_ key: Key) -> Outcome {
        switch dialog.handle(key) {
        case .consumed: .consumed
        case .cancelled, .chose(2): .cancelled
        case .chose(1): .dryRun
        case .chose: .importAll
        }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        dialog.draw(in: rect, on: &canvas, theme: theme)
    }

    private mutating func refresh(display: FieldValueDisplay) {
        dialog.title = "Import \(LocalFile.url(for: importer.path).lastPathComponent) into \(importer.recordType.name)?"
        var lines = ["The first records of the file (\(importer.format.rawValue)):"]
        for entry in preview.entries {
            switch entry.record {
            case .success(let record): lines.append("  " + Self.summary(of: record, display: display))
            case .failure(let problem): lines.append("  line \(entry.lines.lowerBound): \(problem)")
            }
        }
        if preview.hasMore { lines.append("  …") }
        if preview.entries.isEmpty { lines.append("  (none: the file holds no records)") }
        lines.append("")
        if let dryRun {
            lines.append("Dry run: \(Counting.counted(dryRun.valid, "valid record")), \(Counting.grouped(dryRun.invalid)) invalid, "
                + "\(Counting.grouped(dryRun.existing)) already there (left as they are); nothing was sent.")
            lines += dryRun.problems.map { "  \($0)" }
        } else {
            lines.append("d reads the whole file and asks the server which records exist, without changing anything.")
        }
        let assets = importer.recordType.fields.filter { $0.type.valueType == .asset }.map(\.name)
        if !assets.isEmpty {
            let fields = assets.count == 1 ? "The ASSET field \(assets[0]) is" : "The ASSET fields \(assets.joined(separator: ", ")) are"
            lines.append("\(fields) left out: a records file holds no files, only their URLs.")
        }
        lines.append("Records already there are left as they are; :undo deletes the records the import created.")
        dialog.message = lines.joined(separator: "\n")
    }

    /// `name  field=value, …`, as long as fits a dialog.
    private static func summary(of record: Record, display: FieldValueDisplay) -> String {
        let fields = (record.fields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\(display.text($0.value))" }.joined(separator: ", ")
        return DisplayWidth.truncated("\(record.recordName ?? ""): \(fields)", toFit: 90)
    }
}
