import CKModel
import Foundation

/// The opaque sync token of a zone: how far a client has read its changes.
///
/// Written as base64 of `1|<change number>|<zone name>`, so a token names the zone it belongs to and a
/// client cannot mistake one zone's token for another's.
public struct SyncToken: Hashable, Sendable {
    /// The last change the client has seen.
    public var changeNumber: Int64
    /// The zone it reads.
    public var zoneName: String

    /// Creates a token.
    public init(changeNumber: Int64, zoneName: String) {
        self.changeNumber = changeNumber
        self.zoneName = zoneName
    }

    /// The token as sent to clients.
    public var text: String {
        Data("1|\(changeNumber)|\(zoneName)".utf8).base64EncodedString()
    }

    /// Reads a client's token for `zoneName`; `BAD_REQUEST` for one this server did not give for that zone.
    public init(text: String, zoneName: String) throws {
        let parts = Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[0] == "1", let number = Int64(parts[1]), number >= 0, String(parts[2]) == zoneName else {
            throw ServerError(.badRequest, reason: "the sync token is not one this server gave for the zone \(zoneName); start again without a token")
        }
        self.init(changeNumber: number, zoneName: zoneName)
    }
}
