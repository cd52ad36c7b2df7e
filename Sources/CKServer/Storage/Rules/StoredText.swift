import CKModel
import Foundation

/// How every engine stores the values it keeps as text: JSON, a record's fields in their wire form.
enum StoredText {
    /// A record's fields.
    static func fields(_ fields: [String: FieldValue]) -> String {
        var writer = JSONWriter(capacity: 256)
        writer.fields(fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A share's description, kept in its record's row.
    static func share(_ share: StoredShare?) throws -> String? {
        try share.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    /// A share's description read back.
    static func share(from text: String) throws -> StoredShare {
        try JSONDecoder().decode(StoredShare.self, from: Data(text.utf8))
    }

    /// A value kept as its JSON: an alert rule's definition, an alert event.
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// A value kept as JSON read back.
    static func decoded<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }

    /// A request log entry, its sequence number left out (the row keeps it).
    static func requestLogEntry(_ entry: RequestLogEntry) -> String {
        var writer = JSONWriter(capacity: entry.estimatedByteCount)
        entry.write(to: &writer, numbersAsStrings: false)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A request log entry read back with the sequence number of its row.
    static func requestLogEntry(from text: String, sequence: Int64) throws -> RequestLogEntry {
        var entry = try JSONDecoder().decode(RequestLogEntry.self, from: Data(text.utf8))
        entry.sequence = sequence
        return entry
    }

    /// A subscription, its keys sorted: the same subscription saved again is the same text, and moves no
    /// container version.
    static func subscription(_ subscription: Subscription) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(subscription), as: UTF8.self)
    }

    /// A subscription read back.
    static func subscription(from text: String) throws -> Subscription {
        try JSONDecoder().decode(Subscription.self, from: Data(text.utf8))
    }

    /// A list of strings: a user's roles, the changes of a deployment or an audit entry.
    static func list(_ strings: [String]) -> String {
        var writer = JSONWriter(capacity: 2 + strings.reduce(0) { $0 + $1.utf8.count + 3 })
        writer.beginArray()
        strings.forEach { writer.string($0) }
        writer.endArray()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A list read back; most users have no custom role, whose empty list is not parsed. A damaged list reads as
    /// empty.
    static func list(from text: String) -> [String] {
        text == "[]" ? [] : (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
