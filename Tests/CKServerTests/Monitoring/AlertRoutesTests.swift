import CKModel
@testable import CKServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Alerts: a rule fires within its window, recovers, posts to its webhook, and its preview agrees")
struct AlertRoutesTests {
    /// What a webhook receiver on loopback was sent; it refuses the first delivery, so the sender must try again.
    private actor Receiver {
        var attempts = 0
        var bodies: [String] = []

        func take(_ body: String) -> Bool {
            attempts += 1
            guard attempts > 1 else { return false }
            bodies.append(body)
            return true
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try TestServer.decode(type, response)
    }

    @Test("an error-rate rule fires on failures, notifies, posts its webhook, recovers, and the preview saw the firing")
    func errorRate() async throws {
        let server = try await TestServer()
        let services = server.services
        let token = server.managementToken
        let receiver = Receiver()
        let hooks = Router()
        hooks.post("hook") { request, _ -> HTTPResponse.Status in
            let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
            return await receiver.take(body) ? .ok : .internalServerError
        }
        try await Application(router: hooks, configuration: .init(address: .hostname("127.0.0.1", port: 0))).test(.live) { hookClient in
            let hook = "http://127.0.0.1:\(try #require(hookClient.port))/hook"
            try await buildApplication(services: services, port: 0).test(.live) { client in
                let alerts = "containers/\(server.container)/alerts"
                let rule = AlertRule(name: "failing saves", containerID: nil, metric: .errorRate, operation: "records/modify", threshold: 50, window: .fiveMinutes, webhookURL: hook)
                let created = try Self.decode(AlertRule.self, try await TestServer.management(client, .post, alerts, rule, token: token))
                #expect(!created.id.isEmpty && created.containerID == server.container && !created.firing)

                for _ in 0..<3 { _ = try await server.post(client, "records/modify", "{nope", as: .user(server.webAuthToken)) }
                _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party"}}]}"#, as: .user(server.webAuthToken))
                await services.requestLog?.flush()
                let monitor = AlertMonitor(storage: services.storage, recorder: services.requestLog?.telemetry)
                let now = Date()
                let fired = try await monitor.evaluate(now: now)
                #expect(fired.map(\.kind) == [.fired] && fired.first.map { $0.value == 75 && $0.threshold == 50 } == true)
                #expect(try await monitor.evaluate(now: now).isEmpty, "a minute is evaluated once")
                let listed = try Self.decode(ManagementAlerts.RulesResponse.self, try await TestServer.management(client, .get, alerts, token: token))
                #expect(listed.rules.map(\.firing) == [true])

                let preview = try Self.decode(ManagementAlerts.PreviewResponse.self, try await TestServer.management(client, .post, alerts + "/preview", rule, token: token))
                // Evaluated every five minutes on the clock: the requests may straddle two of them.
                #expect(preview.step == 300 && preview.points.count == 564 && preview.points.contains { $0.firing && ($0.value ?? 0) >= 75 })
                #expect(preview.firings.count == 1 && preview.points.filter(\.firing).count == 1)

                // The receiver refused the first delivery: the second, a second later, is taken.
                var delivered: [String] = []
                for _ in 0..<50 where delivered.isEmpty {
                    try await Task.sleep(for: .milliseconds(100))
                    delivered = await receiver.bodies
                }
                #expect(delivered.count == 1 && delivered[0].contains("\"fired\"") && delivered[0].contains("failing saves"))
                #expect(await receiver.attempts == 2)

                for _ in 0..<10 {
                    _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party"}}]}"#, as: .user(server.webAuthToken))
                }
                await services.requestLog?.flush()
                let recovered = try await monitor.evaluate(now: now.addingTimeInterval(60))
                #expect(recovered.map(\.kind) == [.recovered])
                let events = try Self.decode(ManagementAlerts.EventsResponse.self, try await TestServer.management(client, .get, alerts + "/events", token: token))
                #expect(events.events.map(\.kind) == [.recovered, .fired])

                let notifications = try Self.decode(
                    ManagementAlerts.NotificationsResponse.self, try await TestServer.management(client, .get, "notifications", token: token))
                #expect(notifications.notifications.map(\.kind) == ["alert.recovered", "alert.fired"] && notifications.unread == 2)
                #expect(notifications.notifications[1].title.hasPrefix("alert failing saves fired: errorRate 75 % over 5m"))
                _ = try await TestServer.management(client, .post, "notifications/read", ManagementAlerts.ReadRequest(sequences: [notifications.notifications[1].sequence]), token: token)
                #expect(try Self.decode(ManagementAlerts.NotificationsResponse.self, try await TestServer.management(client, .get, "notifications", token: token)).unread == 1)
                _ = try await TestServer.management(client, .post, "notifications/read", ManagementAlerts.ReadRequest(all: true), token: token)
                #expect(try Self.decode(ManagementAlerts.NotificationsResponse.self, try await TestServer.management(client, .get, "notifications", token: token)).unread == 0)

                let deleted = try await TestServer.management(client, .post, alerts + "/delete", ManagementAlerts.DeleteRequest(id: created.id), token: token)
                #expect(deleted.status == .ok)
                #expect(try await TestServer.management(client, .post, alerts + "/delete", ManagementAlerts.DeleteRequest(id: created.id), token: token).status == .notFound)
                var bad = rule
                bad.metric = .bytesIn
                #expect(try await TestServer.management(client, .post, alerts, bad, token: token).status == .badRequest)
                bad = rule
                bad.webhookURL = "ftp://example.com/hook"
                #expect(try await TestServer.management(client, .post, alerts, bad, token: token).status == .badRequest)
                bad = rule
                bad.name = " "
                #expect(try await TestServer.management(client, .post, alerts, bad, token: token).status == .badRequest)
            }
        }
    }

    @Test("changes developers hear of become notifications; a token for one container sees that container's")
    func auditNotifications() async throws {
        let server = try await TestServer()
        let token = server.managementToken
        try await server.live { client in
            _ = try await TestServer.management(client, .post, "containers/\(server.container)/apiTokens", ManagementCredentials.CreateTokenRequest(name: "web"), token: token)
            _ = try await TestServer.management(client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(name: "ci", readOnly: true), token: token)
            let schema = "containers/\(server.container)/schema/"
            let edit = ManagementSchema.EditRequest(operations: [ManagementSchema.Edit(.createRecordType, recordType: "Deployed")])
            #expect(try await TestServer.management(client, .post, schema + "edit", edit, token: token).status == .ok)
            let diff = try Self.decode(ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, schema + "diff", token: token))
            #expect(try await TestServer.management(client, .post, schema + "deploy", ManagementSchema.DeployRequest(digest: diff.digest), token: token).status == .ok)
            #expect(try await TestServer.management(client, .post, schema + "reset", ManagementSchema.ResetRequest(), token: token).status == .ok)
            let all = try Self.decode(ManagementAlerts.NotificationsResponse.self, try await TestServer.management(client, .get, "notifications", token: token))
            #expect(all.notifications.map(\.kind) == ["schema.reset", "schema.deploy", "managementToken.create", "apiToken.create"])
            #expect(all.notifications[1].title.lowercased().hasPrefix("schema deployed to production"), "\(all.notifications[1].title)")
            #expect(all.notifications[3].title.hasPrefix("API token created") && all.notifications[3].containerID == server.container)
            let credentials = CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            let scoped = try await credentials.createManagementToken(name: "one", container: server.container, readOnly: true)
            let seen = try Self.decode(ManagementAlerts.NotificationsResponse.self, try await TestServer.management(client, .get, "notifications", token: scoped))
            #expect(seen.notifications.map(\.kind) == ["schema.reset", "schema.deploy", "apiToken.create"], "the container's own, not another's token")
            #expect(try await TestServer.management(client, .post, "notifications/read", ManagementAlerts.ReadRequest(), token: token).status == .badRequest)
        }
    }
}
