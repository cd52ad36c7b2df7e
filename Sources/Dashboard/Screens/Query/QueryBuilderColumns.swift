import CKModel
import TerminalKit

/// Where the parts of the builder's lines go across its width: the field, comparator and value of a filter
/// (the field and direction of a sort key) in columns as wide as their widest entry within limits, the label and
/// value of the fields and limit rows, and the index notes in a column after the longest row, or at the right
/// edge when the rows are longer than the room.
struct QueryBuilderColumns {
    /// A part's column: its start from the left edge and its width.
    struct Column {
        var x: Int
        var width: Int
    }

    let fieldWidth: Int
    let comparatorWidth: Int
    let labelWidth: Int
    /// Where the index notes start.
    let noteX: Int

    init(lines: [QueryBuilderRows.Line], width: Int, environment: ContainerEnvironment) {
        let rows = lines.filter { $0.row != nil }
        func widest(_ part: Int, where include: (QueryBuilderRow) -> Bool) -> Int {
            rows.filter { $0.row.map(include) ?? false }.map { DisplayWidth.of($0.parts[part]) + 2 }.max() ?? 0
        }
        let (field, comparator, label) = (min(max(widest(0) { $0.partCount > 1 }, 12), 24), min(max(widest(1) { $0.partCount == 3 }, 6), 30), widest(0) { $0 == .fields || $0 == .limit })
        let noteWidth = min(width * 2 / 5, rows.compactMap { $0.note.map { DisplayWidth.of($0.text(environment: environment)) } }.max() ?? 0)
        let ends = rows.map { line in
            // The part's text, a column of padding on each side, and one of space before the note.
            Self.lastPartX(of: line, field: field, comparator: comparator, label: label) + (line.parts.last.map(DisplayWidth.of) ?? 0) + 3
        }
        (fieldWidth, comparatorWidth, labelWidth) = (field, comparator, label)
        noteX = max(0, min(ends.max() ?? 0, width - noteWidth))
    }

    /// The columns of `line`'s parts, indented under the headings, the last one up to the notes.
    func columns(for line: QueryBuilderRows.Line) -> [Column] {
        let last = Self.lastPartX(of: line, field: fieldWidth, comparator: comparatorWidth, label: labelWidth)
        let rest = Column(x: last, width: max(1, noteX - last - 1))
        switch line.parts.count {
        case 1: return [rest]
        case 2: return [Column(x: 1, width: last - 1), rest]
        default: return [Column(x: 1, width: fieldWidth), Column(x: 1 + fieldWidth, width: comparatorWidth), rest]
        }
    }

    /// Where the last part of `line` starts.
    private static func lastPartX(of line: QueryBuilderRows.Line, field: Int, comparator: Int, label: Int) -> Int {
        switch line.parts.count {
        case 1: 1
        case 2: 1 + (line.row == .fields || line.row == .limit ? label : field)
        default: 1 + field + comparator
        }
    }
}
