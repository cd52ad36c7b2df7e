import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The records screen's pickers and dialogs: columns, sort, copy and export.
extension RecordsScreen {
    /// Passes `key` to the open overlay and acts on what it chose.
    func handleOverlay(_ current: Overlay, key: Key, host: any ScreenHost) {
        switch current {
        case .columns(var chooser):
            switch chooser.handle(key) {
            case .consumed: overlay = .columns(chooser)
            case .cancelled: overlay = nil
            case .applied(let shown):
                overlay = nil
                columns?.shown = shown
                restart()
            }
        case .sort(var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .sort(picker)
            case .cancelled: overlay = nil
            case .chose(let sort):
                overlay = nil
                query.sortBy = sort.map { [$0] }
                restart()
            }
        case .copy(var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .copy(picker)
            case .cancelled: overlay = nil
            case .chose(let text):
                overlay = nil
                host.copyToClipboard(text, describing: "the selection")
            }
        case .export(var prompt, let includesEncrypted):
            switch prompt.handle(key) {
            case .consumed: overlay = .export(prompt, includesEncrypted: includesEncrypted)
            case .cancelled: overlay = nil
            case .answered(let path):
                overlay = nil
                startExport(to: path, includesEncrypted: includesEncrypted, host: host)
            }
        case .setFieldPicker, .setFieldValue:
            handleSetField(current, key: key, host: host)
        case .importPath, .importPreview:
            handleImport(current, key: key, host: host)
        }
    }

    /// Lists the sortable fields in both directions, and the server's own order.
    func openSortPicker(host: any ScreenHost) {
        guard let type = schema.value?.schema.recordType(named: recordTypeName) else { return }
        let sortable = type.fields.filter { $0.indexes.contains(.sortable) }
        guard !sortable.isEmpty else {
            host.report(StatusMessage("\(recordTypeName) has no SORTABLE field in \(session.environment.rawValue)", kind: .warning))
            return
        }
        var choices: [CKModel.SortDescriptor?] = [nil]
        var items = [ListItem("unsorted", detail: "the server's order")]
        for field in sortable {
            for ascending in [true, false] {
                choices.append(CKModel.SortDescriptor(FilterExpression.queryField(field.name), ascending: ascending))
                items.append(ListItem("\(field.name) \(ascending ? "▲" : "▼")", detail: ascending ? "ascending" : "descending"))
            }
        }
        let current = choices.firstIndex { $0 == query.sortBy?.first } ?? 0
        overlay = .sort(Picker(title: "Sort by", choices: choices, items: items, selected: current))
    }

    /// Offers the selected record as JSON, its row as JSON, and each of its cells.
    func openCopyPicker() {
        guard let record = selectedRecord, let columns else { return }
        var choices = [RecordFileWriter.jsonLine(record)]
        var items = [ListItem("record as JSON", detail: record.recordName)]
        var row: [String: FieldValue] = [:]
        for case .field(let name) in columns.shown {
            if let value = record.fields?[name] { row[name] = value }
        }
        choices.append(RecordJSON.fields(row))
        items.append(ListItem("row as JSON", detail: "the shown fields"))
        choices.append(record.recordName ?? "")
        items.append(ListItem("record name", detail: record.recordName))
        for column in columns.shown {
            let text = if case .field(let name) = column, let value = record.fields?[name] { FieldValueText.format(value) } else { column.text(in: record, display: display) }
            choices.append(text)
            items.append(ListItem(columns.title(of: column), detail: DisplayWidth.truncated(text, toFit: 30)))
        }
        overlay = .copy(Picker(title: "Copy", choices: choices, items: items))
    }

    /// Writes every record of the query (or the marked ones) to `path` in the background, as CSV when its name ends
    /// in `.csv` and as JSON lines otherwise, the encrypted fields only when `includesEncrypted`, and says how it went.
    func startExport(to path: String, includesEncrypted: Bool, host: any ScreenHost) {
        let file = LocalFile.url(for: path)
        let format = RecordFileFormat.resolved(nil, path: file.path)
        let writer = RecordFileWriter(format: format, recordType: schema.value?.schema.recordType(named: recordTypeName), includesEncrypted: includesEncrypted)
        let (loader, paging, marked) = (loader, paging, marked.values.sorted { ($0.recordName ?? "") < ($1.recordName ?? "") })
        host.report(StatusMessage("Exporting \(recordTypeName) to \(file.path)…"))
        host.work.start({
            marked.isEmpty ? try await loader.export(paging, to: file, writer: writer) : try loader.export(marked, to: file, writer: writer)
        }) { [weak host] result in
            switch result {
            case .success(let count):
                let what = format == .csv ? "CSV" : "JSON lines"
                let leftOut = writer.leftOut.isEmpty ? "" : ", leaving out the encrypted \(writer.leftOut.joined(separator: ", "))"
                host?.report(StatusMessage("Exported \(Counting.grouped(count)) records to \(file.path) as \(what)\(leftOut)", kind: .success))
            case .failure(let error): host?.report(StatusMessage("Export failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }
}
