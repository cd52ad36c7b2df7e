import CKModel
import Crypto
import Foundation

/// Where a query's page ended, sent to the client as its opaque `continuationMarker`.
///
/// It carries a digest of the query and zone, so a marker is refused for another query instead of
/// silently skipping records. With one sort (or none) the next page starts after the last index entry read;
/// with several sorts it starts at the first sort's value `value`, after the record `recordName` whose other
/// sort values are `ties` (when `ties` is absent, at the start of `value`).
struct QueryCursor: Codable, Equatable {
    /// The digest of the query and zone the marker belongs to.
    var query: String
    /// For a `zoneWide` query, the zone being read, and its owner (zones shared by two users may share a name).
    var zoneName: String?
    var zoneOwner: String?
    /// The last index entry read, for index-driven queries.
    var value: StoredValue?
    /// The last record read.
    var recordName: String
    /// With several sorts, the other sort values of the last record answered.
    var ties: [StoredValue?]?

    /// An index value in the marker's JSON.
    enum StoredValue: Codable, Equatable {
        case integer(Int64)
        case real(Double)
        case text(String)

        init(_ value: IndexValue) {
            switch value {
            case .integer(let number): self = .integer(number)
            case .real(let number): self = .real(number)
            case .text(let text): self = .text(text)
            }
        }

        /// Writes the value as its `Codable` form reads it: `{"integer":{"_0":5}}`.
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            switch self {
            case .integer(let number): Self.write("integer", to: &writer) { $0.number(number) }
            case .real(let number): Self.write("real", to: &writer) { $0.number(number) }
            case .text(let text): Self.write("text", to: &writer) { $0.string(text) }
            }
            writer.endObject()
        }

        /// Writes the member `name` holding the case's one value, `{"_0": …}`.
        private static func write(_ name: StaticString, to writer: inout JSONWriter, _ value: (inout JSONWriter) -> Void) {
            writer.key(name)
            writer.beginObject()
            writer.key("_0")
            value(&writer)
            writer.endObject()
        }

        var indexValue: IndexValue {
            switch self {
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .text(let text): .text(text)
            }
        }
    }

    /// The digest that ties a marker to one query in one zone (`nil`: every zone, for `zoneWide`).
    static func digest(of query: Query, zone: ZoneKey?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = ((try? encoder.encode(query)) ?? Data()) + Data("|\(zone?.zoneName ?? "*")".utf8)
        return SecretGenerator.hex(SHA256.hash(data: data).prefix(12))
    }

    /// The marker text: the cursor's JSON, as its `Codable` form reads it, written with CKModel's writer (Foundation's
    /// encoder took some 2% of a page of 200).
    var marker: String {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("query")
        writer.string(query)
        if let zoneName {
            writer.key("zoneName")
            writer.string(zoneName)
        }
        if let zoneOwner {
            writer.key("zoneOwner")
            writer.string(zoneOwner)
        }
        if let value {
            writer.key("value")
            value.write(to: &writer)
        }
        writer.key("recordName")
        writer.string(recordName)
        if let ties {
            writer.key("ties")
            writer.beginArray()
            for tie in ties {
                if let tie { tie.write(to: &writer) } else { writer.null() }
            }
            writer.endArray()
        }
        writer.endObject()
        return Data(writer.bytes).base64EncodedString()
    }

    /// Reads a client's marker for the query with `digest`; `BAD_REQUEST` for anything else. Read with CKModel's
    /// decoder, which reads every page's marker for a fraction of what Foundation's took.
    init(marker: String, digest: String) throws {
        guard let data = Data(base64Encoded: marker), let cursor = try? JSONValueDecoder().decode(QueryCursor.self, from: data),
            cursor.query == digest
        else {
            throw ServerError(.badRequest, reason: "the continuationMarker does not belong to this query; send the query again without it")
        }
        self = cursor
    }

    init(query: String, zone: ZoneKey? = nil, value: StoredValue?, recordName: String, ties: [StoredValue?]? = nil) {
        self.query = query
        self.zoneName = zone?.zoneName
        self.zoneOwner = zone?.ownerRecordName
        self.value = value
        self.recordName = recordName
        self.ties = ties
    }
}
