import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Users and web auth tokens against the real server", .heavy)
struct UsersOperationTests {
    @Test("users/current answers the signed-in user, and the token each answer rotates in keeps the session alive")
    func currentUserWithRotation() async throws {
        try await LiveServer.run(rotatedTokenGracePeriod: .zero) { server in
            let client = server.userClient()
            for _ in 0..<3 {
                let user = try await client.currentUser()
                #expect(user.userRecordName == server.user.userRecordName)
            }
            #expect(client.webAuthToken != server.webAuthToken)
            let caller = try await client.callerIdentity()
            #expect(caller.userRecordName == server.user.userRecordName)

            let stale = server.client(.user(apiToken: server.apiToken, webAuthToken: server.webAuthToken))
            let error = await #expect(throws: CloudKitClientError.self) { try await stale.currentUser() }
            #expect(error?.serverErrorCode == .authenticationFailed)
        }
    }

    @Test("without a web auth token, users/current asks for a signed-in user")
    func anonymousNeedsSignIn() async throws {
        try await LiveServer.run { server in
            let error = await #expect(throws: CloudKitClientError.self) {
                try await server.client(.apiToken(server.apiToken)).currentUser()
            }
            #expect(error?.serverErrorCode == .authenticationRequired)
            #expect(error?.httpStatus == 421)
        }
    }

    @Test("a client acting as another user's web auth token is that user")
    func actingAsUser() async throws {
        try await LiveServer.run { server in
            let anonymous = server.client(.apiToken(server.apiToken))
            let acting = anonymous.actingAsUser(webAuthToken: server.webAuthToken)
            let user = try await acting.currentUser()
            #expect(user.userRecordName == server.user.userRecordName)
        }
    }
}
