import CKModel
import Foundation

/// The opaque sync token of a user's shared database: each shared zone as `changes/database` last reported it.
///
/// The zones of a shared database live in their owners' databases, each numbering its changes apart, so no one
/// number says how far a client has read; the token names every zone with the point its changes had reached.
/// Written as base64 of `2|` and JSON `[[owner, zone, incarnation, last change], …]`.
public struct SharedDatabaseToken: Hashable, Sendable {
    /// A shared zone and the point its changes had reached.
    public struct Mark: Hashable, Sendable {
        public var ownerRecordName: String
        public var zoneName: String
        public var incarnation: Int64
        public var lastChange: Int64

        /// The mark of `zone` now.
        public init(_ zone: ZoneState) {
            ownerRecordName = zone.key.ownerRecordName
            zoneName = zone.key.zoneName
            incarnation = zone.incarnation
            lastChange = zone.lastChange
        }

        init(ownerRecordName: String, zoneName: String, incarnation: Int64, lastChange: Int64) {
            self.ownerRecordName = ownerRecordName
            self.zoneName = zoneName
            self.incarnation = incarnation
            self.lastChange = lastChange
        }

        /// The zone the mark is of, whatever point it reached.
        var zone: ZoneName { ZoneName(owner: ownerRecordName, zone: zoneName) }
    }

    /// A shared zone by its owner and name.
    public struct ZoneName: Hashable, Sendable {
        public var owner: String
        public var zone: String
    }

    /// The zones reported, each once.
    public var marks: [Mark]

    /// A token of these marks.
    public init(marks: [Mark]) {
        self.marks = marks
    }

    /// The token as sent to clients.
    public var text: String {
        let rows = marks.map { [$0.ownerRecordName, $0.zoneName, String($0.incarnation), String($0.lastChange)] }
        let json = (try? JSONEncoder().encode(rows)) ?? Data("[]".utf8)
        return (Data("2|".utf8) + json).base64EncodedString()
    }

    /// Reads a client's token: the marks it carries, none for a token of a zone's kind (what this server gave
    /// for shared databases before it tracked them, which reports everything again); `BAD_REQUEST` for text this
    /// server did not give.
    public init(text: String) throws {
        if (try? SyncToken(text: text)) != nil {
            self.init(marks: [])
            return
        }
        guard let data = Data(base64Encoded: text), data.starts(with: Data("2|".utf8)),
            let rows = try? JSONDecoder().decode([[String]].self, from: data.dropFirst(2))
        else {
            throw ServerError(.badRequest, reason: "the sync token is not one this server gave; start again without a token")
        }
        var marks: [Mark] = []
        for row in rows {
            guard row.count == 4, let incarnation = Int64(row[2]), let lastChange = Int64(row[3]) else {
                throw ServerError(.badRequest, reason: "the sync token is not one this server gave; start again without a token")
            }
            marks.append(Mark(ownerRecordName: row[0], zoneName: row[1], incarnation: incarnation, lastChange: lastChange))
        }
        self.init(marks: marks)
    }
}
