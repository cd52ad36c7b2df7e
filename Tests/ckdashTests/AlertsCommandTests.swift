import CKTestSupport
import Foundation
import Testing

@Suite("ckdash alerts and notifications against a running ckserver", .heavy, .serialized)
struct AlertsCommandTests {
    @Test("creates, lists, previews and deletes a rule; lists notifications and marks them read")
    func alerts() async throws {
        let server = try await LiveServer()
        #expect(try await server.ckdash(["records", "query", "--type", "Nothing", "--filter", "price > 1"]).status != 0)

        let created = try await server.ckdash(["alerts", "create", "any error", "--metric", "errors", "--above", "0", "--window", "1h"])
        #expect(created.status == 0 && created.standardOutput.hasPrefix("Created alert any error ("), "\(created.standardError)")
        let id = try #require(created.standardOutput.split(separator: "(").dropFirst().first?.split(separator: ")").first.map(String.init))
        let listed = try await server.ckdash(["alerts"])
        #expect(listed.standardOutput.contains(id) && listed.standardOutput.contains("errors over 1h above 0 errors") && listed.standardOutput.contains(" ok "))

        let preview = try await server.ckdash(["alerts", "preview", "--metric", "errors", "--above", "0", "--window", "1h"])
        #expect(preview.status == 0)
        #expect(preview.standardOutput.hasPrefix("errors over 1h, evaluated every 60 minutes"))
        #expect(preview.standardOutput.contains("Would have fired ") && preview.standardOutput.contains("still firing"), "\(preview.standardOutput)")
        let quiet = try await server.ckdash(["alerts", "preview", "--metric", "errors", "--above", "5"])
        #expect(quiet.standardOutput.contains("It would not have fired."))
        #expect(try await server.ckdash(["alerts", "create", "bytes", "--metric", "bytesIn", "--above", "1"]).status != 0)
        #expect(try await server.ckdash(["alerts", "delete", id]).status != 0, "deleting needs --yes")
        #expect(try await server.ckdash(["alerts", "delete", id, "--yes"]).standardOutput == "Deleted alert \(id).\n")
        #expect(try await server.ckdash(["alerts", "events"]).standardOutput.hasPrefix("TIME"))

        #expect(try await server.ckdash(["tokens", "create", "api", "website"]).status == 0)
        let notifications = try await server.ckdash(["notifications"])
        #expect(notifications.standardOutput.contains("API token created") && notifications.standardOutput.contains("●"))
        #expect(notifications.standardOutput.hasSuffix("1 unread\n"), "\(notifications.standardOutput)")
        #expect(try await server.ckdash(["notifications", "--read-all"]).standardOutput == "Marked every notification read.\n")
        #expect(try await server.ckdash(["notifications"]).standardOutput.hasSuffix("0 unread\n"))
    }
}
