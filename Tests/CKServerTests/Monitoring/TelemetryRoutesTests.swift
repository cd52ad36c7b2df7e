import CKModel
@testable import CKServer
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

@Suite("GET /management/1/telemetry counts exactly the requests made")
struct TelemetryRoutesTests {
    private static func series(_ client: any TestClientProtocol, _ query: String, token: String) async throws -> ManagementTelemetry.Response {
        try TestServer.decode(ManagementTelemetry.Response.self, try await TestServer.management(client, .get, "telemetry?" + query, token: token))
    }

    private static func total(_ response: ManagementTelemetry.Response, group: String? = nil) -> Double {
        response.series.first { $0.group == group }?.points.compactMap { $0 }.reduce(0, +) ?? 0
    }

    @Test("requests, errors, error rate, latency, records and users of a known mix, grouped and filtered")
    func knownMix() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let token = server.managementToken
        let create = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1"}},{"operationType":"create","record":{"recordType":"Party","recordName":"p2"}}]}"#
        try await server.live { client in
            _ = try await server.post(client, "records/modify", create, as: me)
            let stale = #"{"operations":[{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"stale"}}]}"#
            _ = try await server.post(client, "records/modify", stale, as: me)
            _ = try await server.post(client, "records/query", #"{"query":{"recordType":"Party"}}"#, as: .world)
            _ = try await server.post(client, "records/modify", "{nope", as: me)
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party"}}]}"#, as: .world)

            #expect(Self.total(try await Self.series(client, "metric=requests", token: token)) == 5)
            #expect(Self.total(try await Self.series(client, "metric=errors", token: token)) == 3)
            let rate = try await Self.series(client, "metric=errorRate", token: token)
            #expect(rate.unit == "%" && rate.resolution == 60 && rate.series[0].points.count == 60)
            // The requests may straddle a minute: the rate is then that of each minute.
            let rates = rate.series[0].points.compactMap { $0 }
            #expect(rates.count == 1 ? rates == [60] : rates.count == 2 && rates.allSatisfy { (0...100).contains($0) })
            #expect(Self.total(try await Self.series(client, "metric=recordsWritten", token: token)) == 2)
            #expect(Self.total(try await Self.series(client, "metric=recordsRead", token: token)) == 2)
            #expect(try await Self.series(client, "metric=activeUsers", token: token).series[0].points.compactMap { $0 }.max() == 1)
            let latency = try await Self.series(client, "metric=latencyP95&range=24h", token: token)
            #expect(!latency.series[0].points.compactMap { $0 }.isEmpty && latency.series[0].points.compactMap { $0 }.allSatisfy { $0 > 0 })
            let byOperation = try await Self.series(client, "metric=requests&groupBy=operation", token: token)
            #expect(byOperation.series.map(\.group) == ["records/modify", "records/query"])
            #expect(Self.total(byOperation, group: "records/modify") == 4)
            let byError = try await Self.series(client, "metric=requests&groupBy=errorCode", token: token)
            #expect(Set(byError.series.map(\.group)) == ["", "CONFLICT", "BAD_REQUEST", "ACCESS_DENIED"])
            #expect(Self.total(try await Self.series(client, "metric=requests&error=CONFLICT", token: token)) == 1)
            #expect(Self.total(try await Self.series(client, "metric=requests&database=private", token: token)) == 0)
            #expect(Self.total(try await Self.series(client, "metric=bytesIn&range=30d", token: token)) > 0)

            for bad in ["metric=nonsense", "range=1h", "metric=requests&range=2h", "metric=requests&groupBy=user", "metric=requests&user=_x", "metric=requests&since=1"] {
                let response = try await TestServer.management(client, .get, "telemetry?" + bad, token: token)
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
    }
}

extension TelemetryRoutesTests {
    @Test("the notifications saves fire are counted apart from the requests")
    func notifications() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Party ("___recordID" REFERENCE QUERYABLE, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");"#,
            into: server.container)
        try await server.live { client in
            let courier = try await server.courier(client, server.webAuthToken)
            let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"parties","firesOn":["create"],"query":{"recordType":"Party"},"notificationInfo":{"alertBody":"A party!"}}}]}"#
            _ = try await server.post(client, "subscriptions/modify", subscribe, as: me)
            let saves = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1"}},{"operationType":"create","record":{"recordType":"Party","recordName":"p2"}}]}"#
            _ = try await server.post(client, "records/modify", saves, as: me)
            #expect(try await TestServer.poll(client, courier) != nil)
            let token = server.managementToken
            #expect(Self.total(try await Self.series(client, "metric=notifications", token: token)) == 2)
            #expect(Self.total(try await Self.series(client, "metric=notifications&database=private", token: token)) == 0)
            let requests = try await Self.series(client, "metric=requests&groupBy=operation", token: token)
            #expect(!requests.series.contains { $0.group == "notifications" }, "notifications are not requests")
        }
    }
}

extension TelemetryRoutesTests {
    @Test("what the container stores is sampled each hour, by environment and record type, its asset files included")
    func usage() async throws {
        let server = try await TestServer()
        let services = server.services
        try await buildApplication(services: services, port: 0).test(.live) { client in
            let tokens = try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: .user(server.webAuthToken))
            let uploadURL = try #require((try tokens.json["tokens"] as? [[String: Any]])?.first?["url"] as? String)
            let photo = String(repeating: "a picnic photo ", count: 100)
            let uploaded = try await client.execute(uri: String(uploadURL.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }), method: .post, body: ByteBuffer(string: photo))
            let asset = String(decoding: try JSONSerialization.data(withJSONObject: try #require(try uploaded.json["singleFile"] as? [String: Any])), as: UTF8.self)
            let saves = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1"}},{"operationType":"create","record":{"recordType":"Party","recordName":"p2","fields":{"title":{"value":"Gala"},"photo":{"value":\#(asset),"type":"ASSET"}}}},{"operationType":"create","record":{"recordType":"Note","recordName":"n1"}}]}"#
            _ = try await server.post(client, "records/modify", saves, as: .user(server.webAuthToken))
            let recorder = try #require(services.requestLog?.telemetry)
            try await recorder.sampleUsage(now: Date())
            // A save after this hour's sample waits for the next hour's.
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p3"}}]}"#, as: .user(server.webAuthToken))
            try await recorder.sampleUsage(now: Date())
            let token = server.managementToken
            let byType = try await Self.series(client, "metric=recordsStored&range=6h&groupBy=recordType&environment=development", token: token)
            let latest = Dictionary(uniqueKeysWithValues: byType.series.map { ($0.group ?? "", ($0.points.last ?? nil) ?? 0) })
            #expect(latest["Party"] == 2 && latest["Note"] == 1 && latest["Users"] != nil, "\(latest)")
            let all = try await Self.series(client, "metric=recordsStored&range=30d&environment=development", token: token)
            #expect(all.series.count == 1 && all.series[0].points.last == latest.values.reduce(0, +), "sampled once this hour, whatever asked twice")
            let production = try await Self.series(client, "metric=recordsStored&environment=production&groupBy=recordType", token: token)
            #expect(production.series.map(\.group) == ["Users"])
            let bytes = try await Self.series(client, "metric=recordBytesStored", token: token)
            #expect((bytes.series[0].points.last ?? 0) ?? 0 > 0)
            let assets = try await Self.series(client, "metric=assetBytesStored&groupBy=recordType&environment=development", token: token)
            let assetBytes = Dictionary(uniqueKeysWithValues: assets.series.map { ($0.group ?? "", ($0.points.last ?? nil) ?? 0) })
            #expect(assets.unit == "bytes" && assetBytes["Party"] == Double(photo.utf8.count) && assetBytes["Note"] == 0, "\(assetBytes)")
            for bad in ["metric=recordsStored&groupBy=operation", "metric=requests&groupBy=recordType"] {
                #expect(try await TestServer.management(client, .get, "telemetry?" + bad, token: token).status == .badRequest)
            }
        }
    }
}
