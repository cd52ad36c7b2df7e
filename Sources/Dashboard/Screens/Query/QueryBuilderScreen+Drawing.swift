import CKModel
import CKSchema
import TerminalKit

/// How the query builder draws: a line per heading and row in columns (field, comparator, value, index), the
/// selected row highlighted and its selected part in the selection colour, and the command line the query
/// stands for at the bottom, which `y` copies.
extension QueryBuilderScreen {
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard let loaded = schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") else { return }
        canvas.fill(rect, style: theme.style(.text))
        let recordType = loaded.schema.recordType(named: draft.recordType)
        if recordType == nil {
            canvas.write("\(draft.recordType) is not a record type of \(session.environment.rawValue)", in: rect.row(0), style: theme.style(.error))
        }
        let lines = QueryBuilderRows.lines(of: draft, recordType: recordType, display: display)
        let command = (try? draft.paging(in: session.zone)).map { QueryCommandLine.command(for: $0, session: session) }
        var preview = TextWrapping.lines(of: "$ " + (command ?? "(the command appears once every filter has its value)"), width: max(1, rect.width))
        // The command gets the room the rows leave, two lines at least; y copies it whole.
        let previewHeight = rect.height >= 10 ? min(preview.count, max(2, rect.height - lines.count - 1)) : 0
        if previewHeight < preview.count, previewHeight > 0 {
            preview[previewHeight - 1] = DisplayWidth.truncated(preview[previewHeight - 1] + " …", toFit: rect.width)
        }
        let (body, bottom) = (recordType == nil ? rect.splitTop(1).rest : rect).splitBottom(previewHeight == 0 ? 0 : previewHeight + 1)
        drawLines(lines, in: body, on: &canvas, theme: theme)
        if previewHeight > 0 {
            canvas.write(String(repeating: "─", count: bottom.width), in: bottom.row(0), style: theme.style(.border))
            for (offset, line) in preview.prefix(previewHeight).enumerated() {
                canvas.write(line, in: bottom.row(1 + offset), style: theme.style(command == nil ? .muted : .text))
            }
        }
        drawOverlay(in: rect, on: &canvas, theme: theme)
    }

    /// The lines in columns, scrolled so that the selected row shows.
    private func drawLines(_ lines: [QueryBuilderRows.Line], in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard !rect.isEmpty else { return }
        let layout = QueryBuilderColumns(lines: lines, width: rect.width, environment: session.environment)
        let selectedLine = lines.firstIndex { $0.row == row } ?? 0
        let top = max(0, selectedLine - rect.height + 1)
        for (offset, line) in lines.dropFirst(top).prefix(rect.height).enumerated() {
            let area = rect.row(offset)
            guard let lineRow = line.row else {
                canvas.write(line.parts.first ?? "", in: area, style: theme.style(.title))
                if top + offset == 0 {
                    canvas.write("INDEX", in: Rect(x: area.x + layout.noteX, y: area.y, width: area.width - layout.noteX, height: 1), style: theme.style(.columnHeader))
                }
                continue
            }
            let isSelected = lineRow == row
            if isSelected { canvas.fill(area, style: theme.style(.selectionInactive)) }
            let base = theme.style(isSelected ? .selectionInactive : .text)
            for (index, column) in layout.columns(for: line).enumerated() {
                let isPart = isSelected && index == (lineRow.partCount == 1 ? line.parts.count - 1 : part)
                let placeholder = line.isPlaceholder && index == line.parts.count - 1
                let style = isPart ? theme.style(.selection) : placeholder ? theme.style(.muted) : base
                let cell = Rect(x: area.x + column.x, y: area.y, width: column.width, height: 1)
                if isPart { canvas.fill(cell, style: style) }
                canvas.write(line.parts[index], in: cell.inset(horizontal: 1), style: style)
            }
            if let note = line.note {
                canvas.write(note.text(environment: session.environment), in: Rect(x: area.x + layout.noteX, y: area.y, width: area.width - layout.noteX, height: 1),
                             style: theme.style(note.role))
            }
        }
    }

    private func drawOverlay(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        switch overlay {
        case .field(var picker, let target)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .field(picker, target: target)
        case .comparator(var picker, let index)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .comparator(picker, filter: index)
        case .value(var editor, let index)?:
            editor.draw(in: rect, on: &canvas, theme: theme)
            overlay = .value(editor, filter: index)
        case .fields(var checklist)?:
            checklist.draw(in: rect, on: &canvas, theme: theme)
            overlay = .fields(checklist)
        case .limit(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .limit(prompt)
        case .save(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .save(prompt)
        case .load(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .load(picker)
        case .text(var panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .text(panel)
        case nil:
            break
        }
    }
}
