import CKModel
import CKSchema
import TerminalKit

/// One line of the record screen: a field with its type and value, a list element, a system field, a
/// heading, or a record that points to this one; what Enter or d does on it.
struct RecordLine: Equatable {
    /// What a key can do on the line.
    enum Action: Equatable {
        /// Enter opens this record.
        case open(recordName: String)
        /// d downloads this asset to a file.
        case download(field: String, asset: Asset)
    }

    var name: String
    var type: String
    var value: String
    var role: ThemeRole?
    var action: Action?
    /// Whether the line names an encrypted field, which the name's mark shows.
    var isEncrypted = false
}

/// A record as the record screen lists it: every field of its type (with its type, lists expanded), the system
/// fields, then the records that point to it.
enum RecordLines {
    /// The table's columns.
    static let columns = [
        TableColumn("FIELD", width: .flexible(minimum: 16, weight: 1)),
        TableColumn("TYPE", width: .fixed(16)),
        TableColumn("VALUE", width: .flexible(minimum: 20, weight: 3)),
    ]

    /// The lines of `record`, its fields in the order of `recordType` (or by name without one).
    static func lines(of record: Record, recordType: RecordType?, backReferences: BackReferenceState, display: FieldValueDisplay) -> [RecordLine] {
        var lines: [RecordLine] = []
        let fields = record.fields ?? [:]
        let declared = recordType?.fields.filter { !$0.isSystemField }.map(\.name) ?? []
        for name in declared + fields.keys.filter({ !declared.contains($0) }).sorted() {
            let type = recordType?.field(named: name)?.type
            let typeName = type?.description ?? fields[name].map(FieldValueDisplay.typeName) ?? ""
            let isEncrypted = type?.primitive.isEncrypted == true
            guard let value = fields[name] else {
                lines.append(RecordLine(name: name, type: typeName, value: "(no value)", role: .muted, isEncrypted: isEncrypted))
                continue
            }
            lines += valueLines(name: name, type: typeName, value: value, display: display, isEncrypted: isEncrypted)
        }
        lines += systemLines(of: record, display: display)
        lines.append(RecordLine(name: "", type: "", value: ""))
        lines += backReferenceLines(backReferences)
        return lines
    }

    /// A blank line, then the System heading and the record's system fields, with `extra` lines (Core Data's
    /// bookkeeping fields) among them.
    static func systemLines(of record: Record, display: FieldValueDisplay, extra: [RecordLine] = []) -> [RecordLine] {
        [
            RecordLine(name: "", type: "", value: ""), RecordLine(name: "System", type: "", value: "", role: .title),
            RecordLine(name: "recordName", type: "STRING", value: record.recordName ?? ""),
            RecordLine(name: "recordType", type: "STRING", value: record.recordType ?? ""),
            RecordLine(name: "zone", type: "", value: record.zoneID?.zoneName ?? ZoneID.defaultZoneName),
            stampLine("created", record.created, display: display), stampLine("modified", record.modified, display: display),
            RecordLine(name: "recordChangeTag", type: "STRING", value: record.recordChangeTag ?? ""),
        ] + extra
    }

    /// The line (or, for a list, the lines) of a field's value: a reference is followed with Enter, an asset
    /// downloaded with d; the first line marked when the field is encrypted.
    static func valueLines(name: String, type: String, value: FieldValue, display: FieldValueDisplay, isEncrypted: Bool) -> [RecordLine] {
        var lines = valueLines(name: name, type: type, value: value, display: display)
        lines[0].isEncrypted = isEncrypted
        return lines
    }

    private static func valueLines(name: String, type: String, value: FieldValue, display: FieldValueDisplay) -> [RecordLine] {
        switch value {
        case .reference(let reference):
            return [RecordLine(name: name, type: type, value: display.text(value), role: .key, action: .open(recordName: reference.recordName))]
        case .asset(let asset):
            return [RecordLine(name: name, type: type, value: display.text(value) + "  (d downloads)", role: .key, action: .download(field: name, asset: asset))]
        case .list(let list):
            var lines = [RecordLine(name: name, type: type, value: "\(list.elements.count) items", role: .muted)]
            for (index, element) in list.elements.enumerated() {
                var line = valueLines(name: "  [\(index)]", type: "", value: element, display: display)[0]
                line.name = "  [\(index)]"
                lines.append(line)
            }
            return lines
        default:
            return [RecordLine(name: name, type: type, value: display.text(value))]
        }
    }

    private static func stampLine(_ name: String, _ stamp: RecordStamp?, display: FieldValueDisplay) -> RecordLine {
        guard let stamp else { return RecordLine(name: name, type: "TIMESTAMP", value: "") }
        let by = stamp.userRecordName.map { " by \($0)" } ?? ""
        return RecordLine(name: name, type: "TIMESTAMP", value: display.date(stamp.timestamp.date) + by)
    }

    private static func backReferenceLines(_ state: BackReferenceState) -> [RecordLine] {
        var lines = [RecordLine(name: "Referenced by", type: "", value: "", role: .title)]
        guard case .looked(let backReferences) = state else {
            return lines + [RecordLine(name: "", type: "", value: "not known without the schema: start ckdash with --schema FILE.ckdb", role: .muted)]
        }
        guard let backReferences else {
            return lines + [RecordLine(name: "", type: "", value: "looking for records that point here…", role: .muted)]
        }
        guard !backReferences.isEmpty else {
            return lines + [RecordLine(name: "", type: "", value: "no record points here through a QUERYABLE reference", role: .muted)]
        }
        for group in backReferences {
            for name in group.recordNames {
                lines.append(RecordLine(name: "\(group.recordType).\(group.field)", type: "REFERENCE", value: "← " + name, role: .key, action: .open(recordName: name)))
            }
            if group.hasMore {
                lines.append(RecordLine(name: "\(group.recordType).\(group.field)", type: "", value: "and more (query \(group.recordType) to see them all)", role: .muted))
            }
        }
        return lines
    }

    /// The lines as table rows.
    static func rows(_ lines: [RecordLine]) -> TableRows {
        TableRows(lines.map { line in
            [TableCell(line.isEncrypted ? "\(line.name) \(EncryptedMark.symbol)" : line.name, role: line.role == .title ? .title : nil), TableCell(line.type, role: .muted), TableCell(line.value, role: line.role == .title ? nil : line.role)]
        })
    }
}
