import CKModel
@testable import CKServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("GET /metrics: Prometheus text of the requests made, for a management token or for anyone when allowed")
struct MetricsRoutesTests {
    /// The value of the sample line starting with `name` and holding every one of `labels`.
    private static func sample(_ text: String, _ name: String, _ labels: [String]) -> Double? {
        text.split(separator: "\n").first { line in
            line.hasPrefix(name + "{") && labels.allSatisfy { line.contains($0) }
        }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test("durations, records and item errors by container, database and operation; nothing secret; a token for all containers")
    func metrics() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let create = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1","fields":{"title":{"value":"very-private-title"}}}}]}"#
        try await server.live { client in
            _ = try await server.post(client, "records/modify", create, as: me)
            _ = try await server.post(client, "records/modify", create, as: me)
            _ = try await server.post(client, "records/query", #"{"query":{"recordType":"Party"}}"#, as: .world)
            _ = try await server.post(client, "records/query", "{nope", as: .world)

            let response = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(server.managementToken)"], body: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == MetricsRoutes.contentType)
            let text = String(buffer: response.body)
            let container = "cloudkit_container=\"\(server.container)\""
            #expect(Self.sample(text, "http_server_request_duration_seconds_count", [container, "http_route=\"records/modify\"", "http_response_status_code=\"200\""]) == 2)
            #expect(Self.sample(text, "http_server_request_duration_seconds_count", ["http_route=\"records/query\"", "cloudkit_error_code=\"BAD_REQUEST\""]) == 1)
            #expect(Self.sample(text, "cloudkit_records_written_total", [container, "cloudkit_database=\"public\""]) == 1)
            #expect(Self.sample(text, "cloudkit_item_errors_total", ["cloudkit_error_code=\"EXISTS\""]) == 1)
            #expect(Self.sample(text, "cloudkit_records_read_total", ["http_route=\"records/query\""]) == 1)
            #expect(text.contains("# TYPE http_server_request_duration_seconds histogram"))
            for secret in ["very-private-title", server.apiToken, server.webAuthToken, server.managementToken, server.user.userRecordName, "mei"] {
                #expect(!text.contains(secret))
            }

            #expect(try await client.execute(uri: "/metrics", method: .get, headers: [:], body: nil).status == .unauthorized)
            let credentials = CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            let scoped = try await credentials.createManagementToken(name: "one", container: server.container, readOnly: true)
            let denied = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(scoped)"], body: nil)
            #expect(denied.status == .forbidden)
        }
    }

    @Test("a server started with public metrics answers anyone")
    func publicMetrics() async throws {
        let server = try await TestServer()
        var services = server.services
        services.configuration.metricsArePublic = true
        try await buildApplication(services: services, port: 0).test(.live) { client in
            _ = try await server.post(client, "records/query", #"{"query":{"recordType":"Party"}}"#, as: .world)
            let response = try await client.execute(uri: "/metrics", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok && String(buffer: response.body).contains("http_server_request_duration_seconds_bucket"))
        }
    }
}
