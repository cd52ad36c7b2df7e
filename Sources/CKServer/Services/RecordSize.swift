import CKModel

/// How large a record is, as the 1 MB limit counts it: its field names and values, without assets' files.
enum RecordSize {
    /// The size of the fields in bytes, close to their encoded size but computed without encoding them.
    static func of(_ fields: [String: FieldValue]) -> Int {
        fields.reduce(0) { total, field in total + field.key.utf8.count + size(of: field.value) }
    }

    private static func size(of value: FieldValue) -> Int {
        switch value {
        case .string(let text): text.utf8.count + 2
        case .int64, .double, .timestamp: 20
        case .bytes(let data): (data.count + 2) / 3 * 4 + 2
        case .reference(let reference): reference.recordName.utf8.count + 60
        case .asset: 200
        case .location: 200
        case .list(let list): list.elements.reduce(2) { $0 + size(of: $1) + 1 }
        }
    }
}
