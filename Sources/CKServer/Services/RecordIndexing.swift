import CKModel
import CKSchema
import Foundation

/// Decides what a record puts in the query indexes, from the index flags of its type's fields.
enum RecordIndexing {
    /// The entries of `record`: its QUERYABLE or SORTABLE fields (and indexed system fields) by value, its
    /// SEARCHABLE fields as text.
    static func indexes(of record: StoredRecord, in recordType: RecordType?) -> RecordIndexes {
        var indexes = RecordIndexes(references: references(of: record), assetReceipts: assetReceipts(of: record.fields))
        guard let recordType else { return indexes }
        for field in recordType.fields where !field.indexes.isEmpty {
            let value = fieldValue(field.name, of: record)
            if field.indexes.contains(.queryable) || field.indexes.contains(.sortable) {
                let elements: [FieldValue] = if case .list(let list)? = value { list.elements } else { value.map { [$0] } ?? [] }
                indexes.entries += elements.compactMap(indexValue).map { IndexEntry(fieldName: field.name, value: $0) }
            }
            if field.indexes.contains(.searchable), let text = searchText(value) {
                indexes.searchEntries.append(SearchEntry(fieldName: field.name, text: text))
            }
        }
        return indexes
    }

    /// The receipts of the uploaded files held by ASSET fields.
    static func assetReceipts(of fields: [String: FieldValue]) -> [String] {
        Array(Set(fields.values.flatMap { value in
            FilterEvaluator.elements(value).compactMap { element -> String? in
                if case .asset(let asset) = element { asset.receipt } else { nil }
            }
        })).sorted()
    }

    /// The record's references of the same zone that carry a rule, for cascades and validation.
    static func references(of record: StoredRecord) -> [ReferenceEntry] {
        var entries = Set<ReferenceEntry>()
        for value in record.fields.values {
            for element in FilterEvaluator.elements(value) {
                guard case .reference(let reference) = element, let action = reference.action, action != .none else { continue }
                entries.insert(ReferenceEntry(targetRecordName: reference.recordName, action: action))
            }
        }
        return entries.sorted { ($0.targetRecordName, $0.action.rawValue) < ($1.targetRecordName, $1.action.rawValue) }
    }

    /// A field's value, system fields included under their schema names.
    static func fieldValue(_ name: String, of record: StoredRecord) -> FieldValue? {
        switch SystemField(rawValue: name) {
        case .recordID?: .reference(Reference(recordName: record.recordName))
        case .createTime?: .timestamp(record.created.timestamp)
        case .modTime?: .timestamp(record.modified.timestamp)
        case .createdBy?: record.created.userRecordName.map { .reference(Reference(recordName: $0)) }
        case .modifiedBy?: record.modified.userRecordName.map { .reference(Reference(recordName: $0)) }
        case .etag?: nil
        case nil: record.fields[name]
        }
    }

    /// How a single value is indexed; `nil` for kinds that are not (bytes, assets).
    static func indexValue(_ value: FieldValue) -> IndexValue? {
        switch value {
        case .string(let text): .text(fold(text))
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .timestamp(let time): .integer(time.millisecondsSince1970)
        case .reference(let reference): .text(reference.recordName)
        case .location(let location): .real(location.latitude)
        case .bytes, .asset, .list: nil
        }
    }

    /// Text as the index compares it: case- and diacritic-insensitive, as CloudKit's string equality is.
    static func fold(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, the common case: lower-casing is all the folding there is.
            return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func searchText(_ value: FieldValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .list(.string(let texts))?: texts.joined(separator: " ")
        default: nil
        }
    }
}
