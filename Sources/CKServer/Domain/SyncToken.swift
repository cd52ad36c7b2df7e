import CKModel
import Foundation

/// The opaque sync token of a zone: how far a client has read its changes.
///
/// Written as base64 of `1|<zone incarnation>|<change number>`. The incarnation tells apart a zone from one
/// deleted and created again under the same name, whose changes a token of the old zone cannot resume.
public struct SyncToken: Hashable, Sendable {
    /// Which life of the zone the token is for (0: before the zone was ever written, valid for any).
    public var incarnation: Int64
    /// The last change the client has seen.
    public var changeNumber: Int64

    /// Creates a token.
    public init(incarnation: Int64, changeNumber: Int64) {
        self.incarnation = incarnation
        self.changeNumber = changeNumber
    }

    /// The token as sent to clients.
    public var text: String {
        Data("1|\(incarnation)|\(changeNumber)".utf8).base64EncodedString()
    }

    /// Reads a client's token; `BAD_REQUEST` for text this server did not give.
    public init(text: String) throws {
        let parts = Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "|", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[0] == "1", let incarnation = Int64(parts[1]), let number = Int64(parts[2]),
            incarnation >= 0, number >= 0
        else {
            throw ServerError(.badRequest, reason: "the sync token is not one this server gave; start again without a token")
        }
        self.init(incarnation: incarnation, changeNumber: number)
    }
}
