import CKModel
import Crypto
import Foundation

/// Where a query's page ended, sent to the client as its opaque `continuationMarker`.
///
/// It carries a digest of the query and zone, so a marker is refused for another query instead of
/// silently skipping records.
struct QueryCursor: Codable, Equatable {
    /// The digest of the query and zone the marker belongs to.
    var query: String
    /// The last index entry read, for index-driven queries.
    var value: StoredValue?
    /// The last record read.
    var recordName: String

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

        var indexValue: IndexValue {
            switch self {
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .text(let text): .text(text)
            }
        }
    }

    /// The digest that ties a marker to one query in one zone.
    static func digest(of query: Query, zone: ZoneKey) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = ((try? encoder.encode(query)) ?? Data()) + Data("|\(zone.zoneName)".utf8)
        return SHA256.hash(data: data).prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    /// The marker text.
    var marker: String {
        ((try? JSONEncoder().encode(self)) ?? Data()).base64EncodedString()
    }

    /// Reads a client's marker for the query with `digest`; `BAD_REQUEST` for anything else.
    init(marker: String, digest: String) throws {
        guard let data = Data(base64Encoded: marker), let cursor = try? JSONDecoder().decode(QueryCursor.self, from: data),
            cursor.query == digest
        else {
            throw ServerError(.badRequest, reason: "the continuationMarker does not belong to this query; send the query again without it")
        }
        self = cursor
    }

    init(query: String, value: StoredValue?, recordName: String) {
        self.query = query
        self.value = value
        self.recordName = recordName
    }
}
