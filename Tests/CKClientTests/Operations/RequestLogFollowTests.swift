import CKClient
import CKModel
import CKServer
import CKTestSupport
import Testing

/// Following the request log is a long poll: it must never hold up the server's stop.
@Suite("Following the request log against the real server", .heavy)
struct RequestLogFollowTests {
    @Test("a follow waiting on an empty log does not hold up the server's stop for its 30-second wait")
    func stopAnswersAWaitingFollow() async throws {
        // What is measured against the follow's wait: a stop that waited it out would take 30 s; one that did not
        // takes about a second (the follow rechecks each second), or a few on a busy machine, well under the 20 s allowed.
        let stopping = try await LiveServer.run { server in
            let token = try await CredentialService(storage: server.storage, configuration: server.configuration)
                .createManagementToken(name: "follower", container: nil, readOnly: false)
            let admin = server.client(.managementToken(token))
            // The follower's client hangs up when the run ends; the server's stop must not wait for the follow either.
            _ = Task { try await admin.followRequestLog(after: Int64.max - 1, wait: ManagementLogs.maximumWait) }
            try await Task.sleep(for: .milliseconds(300))
            return ContinuousClock.now
        }
        #expect(ContinuousClock.now - stopping < .seconds(20), "stopping the server waited out the follow's wait")
    }
}
