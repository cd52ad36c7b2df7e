import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// The credentials a request carries, as sent: query parameters and headers, not yet checked.
struct RequestCredentials: Sendable {
    /// `ckAPIToken` from the query string.
    var apiToken: String?
    /// `ckWebAuthToken` (or `ckSession`, as some clients name it) from the query string.
    var webAuthToken: String?
    /// `Authorization: Bearer …`.
    var managementToken: String?
    /// `X-CKServer-Act-As`: the user a management token acts as.
    var actAsUserRecordName: String?
    /// The three `X-Apple-CloudKit-Request-*` headers of a server-to-server signature.
    var signature: ServerToServerSignature?

    static let keyIDHeader = HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!
    static let dateHeader = HTTPField.Name("X-Apple-CloudKit-Request-ISO8601Date")!
    static let signatureHeader = HTTPField.Name("X-Apple-CloudKit-Request-SignatureV1")!
    static let actAsHeader = HTTPField.Name("X-CKServer-Act-As")!
    /// The header a response carries the next web auth token in.
    static let rotatedWebAuthTokenHeader = HTTPField.Name("X-Apple-CloudKit-Web-Auth-Token")!

    init(_ request: Request) {
        let query = request.uri.queryParameters
        apiToken = query.get("ckAPIToken")
        webAuthToken = query.get("ckWebAuthToken") ?? query.get("ckSession")
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") {
            managementToken = Self.trimmingSpacesAndTabs(authorization.utf8.dropFirst("Bearer ".utf8.count))
        }
        actAsUserRecordName = request.headers[Self.actAsHeader]
        if let keyID = request.headers[Self.keyIDHeader], let date = request.headers[Self.dateHeader],
            let signature = request.headers[Self.signatureHeader]
        {
            self.signature = ServerToServerSignature(keyID: keyID, date: date, signature: signature)
        }
    }

    /// `text` without the spaces and tabs around it, which HTTP allows around a header's parts (other Unicode
    /// spaces stay, and make the token one that matches none); read as bytes, since Foundation's Unicode trimming
    /// cost more than the rest of reading the credentials.
    static func trimmingSpacesAndTabs(_ text: Substring.UTF8View) -> String {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        let end = text[start...].lastIndex { !isBlank($0) }.map(text.index(after:)) ?? start
        return String(Substring(text[start..<end]))
    }

    /// The kind of caller these credentials claim, read in the authenticator's order: a signature, a management
    /// token, a web auth token, then the API token alone.
    var kind: CallerKind {
        if signature != nil { return .serverKey }
        if managementToken != nil { return .managementToken }
        if webAuthToken != nil { return .user }
        return .anyone
    }
}
