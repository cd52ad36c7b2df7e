@testable import CKClient
import CKModel
import CKServer
import CKTestSupport
import Crypto
import Foundation
import Testing

@Suite("Server-to-server signing", .heavy)
struct RequestSignerTests {
    @Test("the signature is ECDSA P-256 over date:base64(sha256(body)):path, and a GET hashes to the empty string")
    func signedMessage() throws {
        let privateKey = P256.Signing.PrivateKey()
        let signer = RequestSigner(key: ServerToServerKey(keyID: "key-1", privateKey: privateKey))
        let body = Array(#"{"records":[]}"#.utf8)
        let date = Date(timeIntervalSince1970: 1_453_760_143)
        let headers = try signer.headers(body: body, subpath: "/database/1/c/development/public/records/lookup", date: date)
        #expect(headers.value(named: "X-Apple-CloudKit-Request-KeyID") == "key-1")
        #expect(headers.value(named: "X-Apple-CloudKit-Request-ISO8601Date") == "2016-01-25T22:15:43Z")
        let signatureText = try #require(headers.value(named: "X-Apple-CloudKit-Request-SignatureV1"))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: try #require(Data(base64Encoded: signatureText)))
        let hash = Data(SHA256.hash(data: body)).base64EncodedString()
        let message = "2016-01-25T22:15:43Z:\(hash):/database/1/c/development/public/records/lookup"
        #expect(privateKey.publicKey.isValidSignature(signature, for: Data(message.utf8)))
        #expect(RequestSigner.message(date: "d", body: [], subpath: "/p") == "d::/p")
    }

    @Test("a registered key's signed requests reach the public database as the developer; another key with its ID is refused")
    func liveSignedRequests() async throws {
        try await LiveServer.run { server in
            let privateKey = P256.Signing.PrivateKey()
            let keyID = try await CredentialService(storage: server.storage, configuration: server.configuration)
                .addServerKey(container: server.container, publicKeyPEM: privateKey.publicKey.pemRepresentation)
            let key = try ServerToServerKey(keyID: keyID, privateKeyPEM: privateKey.pemRepresentation)
            let client = server.client(.serverToServerKey(key))
            let (saved, _) = try await client.modifyRecords(saving: [Record(recordName: "signed", recordType: "Party", fields: ["title": .string("S2S")])])
            #expect(try saved[0].get().recordName == "signed")
            let looked = try await client.lookupRecords(named: ["signed"])
            #expect(try looked[0].get().fields?["title"] == .string("S2S"))

            let impostor = server.client(.serverToServerKey(ServerToServerKey(keyID: keyID, privateKey: P256.Signing.PrivateKey())))
            let error = await #expect(throws: CloudKitClientError.self) { try await impostor.lookupRecords(named: ["signed"]) }
            #expect(error?.serverErrorCode == .authenticationFailed)
            #expect(error?.httpStatus == 401)
        }
    }

    @Test("a private key that is not P-256 PEM is refused with a message naming the key")
    func badPrivateKey() {
        #expect(throws: CloudKitClientError.invalidRequest("the private key of server-to-server key k1 is not a P-256 private key in PEM form")) {
            try ServerToServerKey(keyID: "k1", privateKeyPEM: "not a key")
        }
    }
}
