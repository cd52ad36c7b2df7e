import CKModel
import CKSchema
@testable import CKServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("the request log: one entry per data API request, read and followed through the management API")
struct RequestLogRoutesTests {
    private static let secretTitle = "title-nobody-may-log"

    private static func create(_ names: String...) -> String {
        let operations = names.map { name in
            #"{"operationType":"create","record":{"recordType":"Party","recordName":"\#(name)","fields":{"title":{"value":"\#(secretTitle)"}}}}"#
        }
        return #"{"operations":[\#(operations.joined(separator: ","))]}"#
    }

    private static func logs(_ client: any TestClientProtocol, _ query: String = "", token: String) async throws -> ManagementLogs.Response {
        try TestServer.decode(ManagementLogs.Response.self, try await TestServer.management(client, .get, "logs" + query, token: token))
    }

    @Test("a known mix of requests is logged exactly: operations, counts, callers, users, errors and IDs, newest first")
    func knownMix() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let token = server.managementToken
        try await server.live { client in
            let created = try TestServer.records(try await server.post(client, "records/modify", Self.create("p1", "p2"), as: me))
            #expect(created.count == 2)
            let stale = #"{"operations":[{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"stale","fields":{"title":{"value":"x"}}}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", stale, as: me))[0]["serverErrorCode"] as? String == "CONFLICT")
            let headers: HTTPFields = [.contentType: "text/plain", .userAgent: "PartyApp/2.1 (iPhone; iOS 18.1) CloudKit/2.0"]
            let query = try await client.execute(
                uri: server.path("records/query") + "?ckAPIToken=\(server.apiToken)", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"query":{"recordType":"Party"}}"#))
            #expect(try TestServer.records(query).count == 2)
            #expect(try TestServer.records(try await server.post(client, "records/modify", Self.create("p3"), as: .world))[0]["serverErrorCode"] as? String == "ACCESS_DENIED")
            let malformed = try await server.post(client, "records/modify", "{nope", as: me)
            #expect(malformed.status == .badRequest)
            let malformedID = try #require(try malformed.json["uuid"] as? String)
            let zones = try await client.execute(
                uri: server.path("zones/list"), method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
            #expect(zones.status == .ok)
            #expect(try await server.post(client, "records/query", #"{"query":{"recordType":"Party"}}"#, as: .user("not-a-token")).status == .unauthorized)

            let all = try await Self.logs(client, token: token)
            try #require(all.entries.count == 7)
            #expect(all.entries.map(\.operation) == [
                "records/query", "zones/list", "records/modify", "records/modify", "records/query", "records/modify", "records/modify",
            ])
            #expect(all.entries.map(\.status) == [401, 200, 400, 200, 200, 200, 200])
            #expect(all.entries.map(\.caller) == [.user, .managementToken, .user, .anyone, .anyone, .user, .user])
            #expect(all.entries.allSatisfy { $0.containerID == server.container && $0.environment == .development && $0.database == .public })
            #expect(all.continuationMarker == nil)
            let (denied, bad, conflict, createdEntry) = (all.entries[3], all.entries[2], all.entries[5], all.entries[6])
            #expect(createdEntry.operationCounts == ["create": 2] && createdEntry.recordNames == ["p1", "p2"])
            #expect(all.entries[4].recordNames == nil, "a query names no records")
            #expect(createdEntry.recordsWritten == 2 && createdEntry.recordTypes == ["Party"] && createdEntry.zones == ["_defaultZone"])
            #expect(createdEntry.userID == server.user.userRecordName && createdEntry.itemErrors.isEmpty && createdEntry.bytesIn > 0 && createdEntry.bytesOut > 0)
            #expect(conflict.itemErrors == ["CONFLICT": 1] && conflict.recordsWritten == 0 && conflict.operationCounts == ["update": 1])
            #expect(denied.itemErrors == ["ACCESS_DENIED": 1] && denied.userID == nil)
            #expect(bad.serverErrorCode == "BAD_REQUEST" && bad.requestID == malformedID && bad.reason != nil)
            let read = all.entries[4]
            #expect(read.recordsRead == 2 && read.platform == "iOS" && read.client == "PartyApp/2.1")
            #expect(all.entries[0].serverErrorCode == "AUTHENTICATION_FAILED" && all.entries[0].userID == nil)
            #expect(all.entries[1].userID == nil || all.entries[1].userID?.hasPrefix("_") == true)

            #expect(try await Self.logs(client, "?error=CONFLICT", token: token).entries.map(\.sequence) == [conflict.sequence])
            #expect(try await Self.logs(client, "?error=any", token: token).entries.count == 4)
            #expect(try await Self.logs(client, "?operation=records", token: token).entries.count == 6)
            #expect(try await Self.logs(client, "?operation=records/modify&caller=user", token: token).entries.count == 3)
            #expect(try await Self.logs(client, "?user=\(server.user.userRecordName)", token: token).entries.count == 3)
            #expect(try await Self.logs(client, "?platform=iOS", token: token).entries.map(\.sequence) == [read.sequence])
            #expect(try await Self.logs(client, "?database=private", token: token).entries.isEmpty)
            #expect(try await Self.logs(client, "?until=\(createdEntry.timestamp)", token: token).entries.isEmpty)
        }
    }

    @Test("the log pages newest first, follows new entries oldest first, and refuses bad parameters")
    func pagingAndFollowing() async throws {
        let server = try await TestServer()
        let token = server.managementToken
        try await server.live { client in
            for name in ["a", "b", "c"] {
                _ = try await server.post(client, "records/modify", Self.create(name), as: .user(server.webAuthToken))
            }
            let first = try await Self.logs(client, "?limit=2", token: token)
            #expect(first.entries.count == 2)
            let marker = try #require(first.continuationMarker)
            let second = try await Self.logs(client, "?limit=2&continuationMarker=\(marker)", token: token)
            #expect(second.entries.count == 1 && second.continuationMarker == nil)
            #expect((first.entries + second.entries).map(\.sequence) == (first.entries + second.entries).map(\.sequence).sorted(by: >))
            let newest = try #require(first.lastSequence)
            #expect(try await Self.logs(client, "?after=\(newest)", token: token).entries.isEmpty)

            // The follower waits on a connection of its own while the request it waits for comes on the other.
            let follower = TestClient(host: "127.0.0.1", port: try #require(client.port))
            follower.connect()
            async let followed = follower.execute(TestClient.Request(
                "/management/1/logs?after=\(newest)&wait=10", method: .get, headers: [.authorization: "Bearer \(token)"]))
            try await Task.sleep(for: .milliseconds(200))
            _ = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"a"}]}"#, as: .world)
            let next = try JSONValueDecoder().decode(ManagementLogs.Response.self, from: Data(buffer: try #require(try await followed.body)))
            try await follower.shutdown()
            try #require(next.entries.count == 1)
            #expect(next.entries.map(\.operation) == ["records/lookup"])
            #expect(next.lastSequence == next.entries.last?.sequence)
            #expect(next.entries[0].recordsRead == 1 && next.entries[0].recordNames == ["a"])

            for bad in ["?limit=0", "?limit=501", "?after=x", "?wait=31&after=1", "?continuationMarker=abc", "?environment=staging", "?caller=robot", "?since=-1"] {
                let response = try await TestServer.management(client, .get, "logs" + bad, token: token)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(try response.json["serverErrorCode"] as? String == "BAD_REQUEST")
            }
            #expect(try await TestServer.management(client, .get, "logs", token: nil).status == .unauthorized)
        }
    }

    @Test("no field value, token, user name or email is in the log, its CSV export, the telemetry series or /metrics")
    func nothingSecret() async throws {
        let server = try await TestServer()
        try await server.live { client in
            _ = try await server.post(client, "records/modify", Self.create("p1"), as: .user(server.webAuthToken))
            _ = try await server.post(client, "records/query", #"{"query":{"recordType":"Party","filterBy":[{"comparator":"EQUALS","fieldName":"title","fieldValue":{"value":"\#(Self.secretTitle)"}}]}}"#, as: .world)
            _ = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"}]}"#, as: .developer(actingAs: server.user.userRecordName))
            let current = server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            #expect(try await client.execute(uri: current, method: .get, headers: [:], body: nil).status == .ok)
            let response = try await TestServer.management(client, .get, "logs", token: server.managementToken)
            let text = String(buffer: response.body)
            #expect(try TestServer.decode(ManagementLogs.Response.self, response).entries.count == 4)
            for secret in [Self.secretTitle, server.apiToken, server.webAuthToken, server.managementToken, "mei@example.com", "\"mei\""] {
                #expect(!text.contains(secret), "the log holds \(secret)")
            }
            let stored = try await server.temporary.storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .before(nil)), limit: 100)
            let storedText = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
            let csv = ([RequestLogCSV.header] + stored.map(RequestLogCSV.row)).joined(separator: "\n")
            var series = ""
            for metric in TelemetryMetric.allCases {
                for group in [nil] + TelemetryGroup.allCases {
                    let query = "metric=\(metric.rawValue)" + (group.map { "&groupBy=\($0.rawValue)" } ?? "")
                    let answer = try await TestServer.management(client, .get, "telemetry?" + query, token: server.managementToken)
                    if answer.status == .ok { series += String(buffer: answer.body) }
                }
            }
            #expect(series.contains(#"records\/lookup"#), "the series were read")
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(server.managementToken)"], body: nil)
            let exposition = String(buffer: metrics.body)
            #expect(exposition.contains("http_server_request_duration_seconds"))
            for (name, text) in [("stored", storedText), ("CSV", csv), ("telemetry", series), ("metrics", exposition)] {
                for secret in [Self.secretTitle, server.apiToken, server.webAuthToken, server.managementToken, "mei@example.com", "mei\""] {
                    #expect(!text.contains(secret), "the \(name) holds \(secret)")
                }
            }
        }
    }
}
