import CKModel
import CKServer
import CKTestSupport
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Server-to-server signatures over HTTP", .heavy)
struct ServerToServerAuthTests {
    /// Signs `date:hash:subpath` as CloudKit clients do and returns the three headers.
    private func headers(keyID: String, key: P256.Signing.PrivateKey, subpath: String, date: Date = Date(), bodyHash: String = "") throws
        -> HTTPFields
    {
        let formatter = ISO8601DateFormatter()
        let dateText = formatter.string(from: date)
        let signature = try key.signature(for: Data("\(dateText):\(bodyHash):\(subpath)".utf8))
        return [
            HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!: keyID,
            HTTPField.Name("X-Apple-CloudKit-Request-ISO8601Date")!: dateText,
            HTTPField.Name("X-Apple-CloudKit-Request-SignatureV1")!: signature.derRepresentation.base64EncodedString(),
        ]
    }

    /// What the server said: a valid signature reaches the endpoint, which wants a user rather than a key.
    private func reason(_ response: TestResponse) throws -> String {
        try response.json["reason"] as? String ?? ""
    }

    @Test("a good signature authenticates as the developer; a wrong key, a stale date or another path fail")
    func signatures() async throws {
        let server = try await TestServer()
        let key = P256.Signing.PrivateKey()
        let keyID = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .addServerKey(container: server.container, publicKeyPEM: key.publicKey.pemRepresentation)
        let path = server.path("users/current")
        let emptyBodyHash = Data(SHA256.hash(data: Data())).base64EncodedString()
        try await server.live { client in
            for hash in ["", emptyBodyHash] {
                let good = try await client.execute(uri: path, method: .get, headers: try headers(keyID: keyID, key: key, subpath: path, bodyHash: hash))
                #expect(try reason(good).contains("needs a signed-in user"), "body hash '\(hash)'")
            }
            let failures: [HTTPFields] = [
                try headers(keyID: keyID, key: P256.Signing.PrivateKey(), subpath: path),
                try headers(keyID: keyID, key: key, subpath: path, date: Date().addingTimeInterval(-11 * 60)),
                try headers(keyID: keyID, key: key, subpath: path, date: Date().addingTimeInterval(11 * 60)),
                try headers(keyID: keyID, key: key, subpath: server.path("users/caller")),
                try headers(keyID: String(repeating: "a", count: 64), key: key, subpath: path),
                try headers(keyID: keyID, key: key, subpath: path, bodyHash: "dGFtcGVyZWQ="),
            ]
            for (index, fields) in failures.enumerated() {
                let response = try await client.execute(uri: path, method: .get, headers: fields)
                #expect(response.status == .unauthorized, "case \(index)")
                #expect(try reason(response) == "Authentication failed", "case \(index)")
            }
            let withinSkew = try await client.execute(
                uri: path, method: .get, headers: try headers(keyID: keyID, key: key, subpath: path, date: Date().addingTimeInterval(-9 * 60)))
            #expect(try reason(withinSkew).contains("needs a signed-in user"))
        }
    }

    @Test("a GET signed over the body it carries, a query string signed or not, and a tampered POST body")
    func bodiesAndQueries() async throws {
        let server = try await TestServer()
        let key = P256.Signing.PrivateKey()
        let keyID = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .addServerKey(container: server.container, publicKeyPEM: key.publicKey.pemRepresentation)
        @Sendable func hash(_ text: String) -> String { Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() }
        try await server.live { client in
            // OpenCloudKit sends `{}` with its GETs and signs it.
            let zones = server.path("zones/list")
            let signedBody = try await client.execute(
                uri: zones, method: .get, headers: try headers(keyID: keyID, key: key, subpath: zones, bodyHash: hash("{}")),
                body: ByteBuffer(string: "{}"))
            #expect(signedBody.status == .ok)
            // A query string may be part of the signed subpath, or left out of it as in Apple's examples.
            let query = zones + "?origin=test"
            for subpath in [query, zones] {
                let response = try await client.execute(uri: query, method: .get, headers: try headers(keyID: keyID, key: key, subpath: subpath))
                #expect(response.status == .ok, "signed over \(subpath)")
            }
            let lookup = server.path("records/lookup")
            let body = #"{"records":[{"recordName":"a"}]}"#
            let signed = try headers(keyID: keyID, key: key, subpath: lookup, bodyHash: hash(body))
            let honest = try await client.execute(uri: lookup, method: .post, headers: signed, body: ByteBuffer(string: body))
            #expect(honest.status == .ok)
            let tampered = try await client.execute(
                uri: lookup, method: .post, headers: signed, body: ByteBuffer(string: #"{"records":[{"recordName":"b"}]}"#))
            #expect(tampered.status == .unauthorized)
        }
    }
}
