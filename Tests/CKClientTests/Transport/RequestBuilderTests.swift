@testable import CKClient
import CKModel
import Foundation
import Testing

@Suite("Requests as sent: paths, credentials and the rotated web auth token")
struct RequestBuilderTests {
    static let lookupAnswer = FakeTransport.Step.answer(status: 200, json: #"{"records":[]}"#)

    @Test("a data call goes to /database/1/container/environment/database/operation with the API token encoded")
    func dataPath() async throws {
        let transport = FakeTransport([Self.lookupAnswer])
        _ = try await CloudKitClient.scripted(transport, delays: RecordedDelays(), credentials: .apiToken("a+b/c="))
            .database(.private).lookupRecords(named: ["r1"])
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url == "https://ck.example.com/database/1/iCloud.com.example.Party/development/private/records/lookup?ckAPIToken=a%2Bb%2Fc%3D")
        #expect(request.header("Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self).contains(#""recordName":"r1""#))
    }

    @Test("a user's web auth token is replaced by the one each answer rotates in")
    func webAuthTokenRotation() async throws {
        let transport = FakeTransport([
            .answer(status: 200, headers: [("X-Apple-CloudKit-Web-Auth-Token", "second+token")], json: #"{"records":[]}"#),
            Self.lookupAnswer,
        ])
        let client = CloudKitClient.scripted(transport, delays: RecordedDelays(), credentials: .user(apiToken: "api", webAuthToken: "first"))
        _ = try await client.lookupRecords(named: ["r1"])
        _ = try await client.lookupRecords(named: ["r1"])
        let urls = transport.requests.map(\.url)
        #expect(urls[0].hasSuffix("?ckAPIToken=api&ckWebAuthToken=first"))
        #expect(urls[1].hasSuffix("?ckAPIToken=api&ckWebAuthToken=second%2Btoken"))
        #expect(client.webAuthToken == "second+token")
    }

    @Test("management calls carry the management token as a bearer token, and fail clearly without one")
    func managementAuthentication() async throws {
        let transport = FakeTransport([.answer(status: 200, json: "{}")])
        let client = CloudKitClient.scripted(transport, delays: RecordedDelays(), credentials: Credentials(apiToken: "api", managementToken: "m-1"))
        let _: EmptyAnswer = try await client.send(.get, path: "/management/1/containers", query: [("limit", "5")], authentication: .management)
        let request = try #require(transport.requests.first)
        #expect(request.url == "https://ck.example.com/management/1/containers?limit=5")
        #expect(request.header("Authorization") == "Bearer m-1")

        let withoutToken = CloudKitClient.scripted(FakeTransport([]), delays: RecordedDelays())
        let error = await #expect(throws: CloudKitClientError.self) {
            let _: EmptyAnswer = try await withoutToken.send(.get, path: "/management/1/containers", authentication: .management)
        }
        #expect(error?.description.contains("management token") == true)
    }
}
