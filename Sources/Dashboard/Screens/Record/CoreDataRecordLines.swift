import CKCoreData
import CKModel
import CKSchema
import Foundation
import TerminalKit

/// A record Core Data wrote, in the model's words (`V` switches to the raw fields): its entity, its attributes by
/// name with a large value read from its `_ckAsset`, its to-one relationships followed with Enter, its many-to-many
/// relationships from the `CDMR` links, and `CD_entityName` and `CD_moveReceipt` tucked under the system fields.
enum CoreDataRecordLines {
    /// The lines of `record`, with its many-to-many `links` (`nil` while they are looked for); types come from
    /// `recordType` when the schema is loaded, so an encrypted attribute says `ENCRYPTED STRING`.
    static func lines(of record: Record, recordType: RecordType?, links: [CoreDataLink]?, display: FieldValueDisplay) -> [RecordLine] {
        let fields = record.fields ?? [:]
        let entity = fields[MirroredNames.entityName].map(display.text) ?? "?"
        var lines = [RecordLine(name: "Core Data", type: "", value: "entity \(entity), record type \(record.recordType ?? "")  (V shows the raw fields)", role: .title)]
        let bookkeeping: Set = [MirroredNames.entityName, MirroredNames.moveReceipt]
        let properties = Set(fields.keys.filter { $0.hasPrefix(MirroredNames.prefix) && !bookkeeping.contains($0) }
            .map { $0.hasSuffix(assetSuffix) ? String($0.dropLast(assetSuffix.count)) : $0 })
        for field in properties.sorted() {
            lines += propertyLines(field, type: recordType?.field(named: field)?.type, fields: fields, display: display)
        }
        lines += linkLines(links)
        let extra = [MirroredNames.entityName, MirroredNames.moveReceipt].compactMap { name in
            fields[name].map { RecordLine(name: name, type: FieldValueDisplay.typeName(of: $0), value: display.text($0)) }
        }
        return lines + RecordLines.systemLines(of: record, display: display, extra: extra)
    }

    private static let assetSuffix = MirroredNames.assetSuffix

    /// The line of one attribute or to-one relationship: its value, else the asset holding a large value.
    private static func propertyLines(_ field: String, type: FieldType?, fields: [String: FieldValue], display: FieldValueDisplay) -> [RecordLine] {
        let name = String(field.dropFirst(MirroredNames.prefix.count))
        if let value = fields[field] {
            if case .string(let text) = value, isRecordName(text) {
                return [RecordLine(name: name, type: "to-one", value: "→ " + text, role: .key, action: .open(recordName: text))]
            }
            return RecordLines.valueLines(
                name: name, type: type?.description ?? FieldValueDisplay.typeName(of: value), value: value, display: display,
                isEncrypted: type?.primitive.isEncrypted == true)
        }
        if case .asset(let asset)? = fields[field + assetSuffix] {
            return [RecordLine(
                name: name, type: "large value", value: "in \(field + assetSuffix), \(Counting.size(Int(asset.size ?? 0))) (d downloads)", role: .key,
                action: .download(field: field + assetSuffix, asset: asset))]
        }
        return [RecordLine(name: name, type: "", value: "(no value)", role: .muted)]
    }

    /// The many-to-many relationships, each related record followed with Enter.
    private static func linkLines(_ links: [CoreDataLink]?) -> [RecordLine] {
        var lines = [RecordLine(name: "", type: "", value: ""), RecordLine(name: "Many-to-many", type: "", value: "(CDMR links)", role: .title)]
        guard let links else { return lines + [RecordLine(name: "", type: "", value: "looking for CDMR links…", role: .muted)] }
        guard !links.isEmpty else { return lines + [RecordLine(name: "", type: "", value: "no CDMR link names this record", role: .muted)] }
        for link in links.sorted(by: { ($0.relationship, $0.recordName) < ($1.relationship, $1.recordName) }) {
            lines.append(RecordLine(name: link.relationship, type: "→ \(link.entity)", value: "→ " + link.recordName, role: .key, action: .open(recordName: link.recordName)))
        }
        return lines
    }

    /// Whether `text` is a record name as Core Data makes them: a UUID (alone or after an entity's name), which is
    /// how a to-one relationship is stored.
    static func isRecordName(_ text: String) -> Bool {
        text.firstMatch(of: /^(?:[A-Za-z_][A-Za-z0-9_]*_)?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/) != nil
    }
}
