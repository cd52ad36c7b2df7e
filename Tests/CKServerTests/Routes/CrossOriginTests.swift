import CKModel
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Browser clients: cross-origin requests, as CloudKit JS makes them", .heavy)
struct CrossOriginTests {
    @Test("a preflight is answered at once, and a response names the origin and exposes the rotated token header")
    func preflightAndResponse() async throws {
        let server = try await TestServer()
        let origin = HTTPField.Name("Origin")!
        try await server.live { client in
            let preflight = try await client.execute(
                uri: server.path("records/query"), method: .options,
                headers: [origin: "https://app.example.com", HTTPField.Name("Access-Control-Request-Method")!: "POST"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://app.example.com")
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("POST") == true)

            let uri = server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let answer = try await client.execute(uri: uri, method: .get, headers: [origin: "https://app.example.com"])
            #expect(answer.status == .ok)
            #expect(answer.headers[.accessControlAllowOrigin] == "https://app.example.com")
            #expect(answer.headers[.accessControlExposeHeaders]?.contains("X-Apple-CloudKit-Web-Auth-Token") == true)

            let failure = try await client.execute(uri: server.path("records/nothing"), method: .post, headers: [origin: "https://app.example.com"])
            #expect(failure.status == .notFound)
            #expect(failure.headers[.accessControlAllowOrigin] == "https://app.example.com")

            let sameOrigin = try await client.execute(uri: uri, method: .get)
            #expect(sameOrigin.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test("public database zone IDs carry an owner, which clients such as OpenCloudKit require")
    func publicZoneOwner() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let saved = try TestServer.records(try await server.post(
                client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"n1"}}]}"#,
                as: .developer(actingAs: nil)))
            #expect((saved[0]["zoneID"] as? [String: Any])?["ownerRecordName"] as? String == "_defaultOwner")
            let zones = try await client.execute(uri: server.path("zones/list") + "?ckAPIToken=\(server.apiToken)", method: .get)
            let zoneID = try #require(((try zones.json["zones"] as? [[String: Any]])?.first)?["zoneID"] as? [String: Any])
            #expect(zoneID["ownerRecordName"] as? String == "_defaultOwner")
        }
    }
}
