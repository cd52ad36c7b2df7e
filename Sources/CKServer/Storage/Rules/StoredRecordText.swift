import CKModel
import Foundation

/// How every engine stores what a record holds besides its system fields: text, the JSON of the wire form.
enum StoredRecordText {
    /// A record's fields as stored.
    static func fields(_ fields: [String: FieldValue]) -> String {
        var writer = JSONWriter(capacity: 256)
        writer.fields(fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A share's description as stored in its record's row.
    static func share(_ share: StoredShare?) throws -> String? {
        try share.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }
}
