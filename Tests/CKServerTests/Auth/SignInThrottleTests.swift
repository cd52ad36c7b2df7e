import Foundation
import Testing

@testable import CKServer

/// The sign-in page's limits on password guessing, and the verifier a password is kept as.
@Suite("Sign-in passwords: the verifier and the throttle")
struct SignInThrottleTests {
    @Test("a verifier accepts its password only, survives being stored, and a malformed stored one is refused")
    func verifier() throws {
        let verifier = try PasswordVerifier(password: "correct horse")
        #expect(verifier.accepts("correct horse") && !verifier.accepts("correct horsE") && !verifier.accepts(""))
        #expect(!verifier.stored.contains("correct"))
        let stored = try #require(PasswordVerifier(stored: verifier.stored))
        #expect(stored == verifier && stored.accepts("correct horse"))
        #expect(try PasswordVerifier(password: "correct horse").stored != verifier.stored, "every verifier has its own salt")
        for malformed in ["", "plain", "pbkdf2-sha256$1000$c2FsdA==$a2V5", "md5$210000$c2FsdA==$a2V5", "pbkdf2-sha256$210000$!$a2V5"] {
            #expect(PasswordVerifier(stored: malformed) == nil, "\(malformed)")
        }
    }

    @Test("after the allowed failures a name is refused until its window ends; a success forgets its failures")
    func lockOut() async throws {
        let throttle = SignInThrottle(allowedFailures: 2, window: 60)
        let start = Date()
        #expect(try await !throttle.checking("mei", now: start) { false })
        #expect(try await throttle.checking("mei", now: start) { true }, "a success forgets the failure before it")
        #expect(try await !throttle.checking("mei", now: start) { false })
        #expect(try await !throttle.checking("mei", now: start) { false })
        await #expect(throws: SignInFailure.tooManyFailures(minutes: 1)) { try await throttle.checking("mei", now: start.addingTimeInterval(30)) { true } }
        #expect(try await throttle.checking("ann", now: start) { true }, "other names are not locked")
        #expect(try await throttle.checking("mei", now: start.addingTimeInterval(61)) { true }, "the window ended")
    }

    @Test("no more checks run at once than allowed; the one beyond is refused as busy")
    func concurrentChecks() async throws {
        let throttle = SignInThrottle(concurrentChecks: 1)
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let running = Task {
            try await throttle.checking("mei") {
                startedContinuation.yield()
                for await _ in release { break }
                return true
            }
        }
        for await _ in started { break }
        await #expect(throws: SignInFailure.busy) { try await throttle.checking("ann") { true } }
        releaseContinuation.yield()
        #expect(try await running.value)
        #expect(try await throttle.checking("ann") { true }, "the check ended, so another may start")
    }

    @Test("the names remembered are capped: the oldest failure is forgotten first")
    func rememberedNames() async throws {
        let throttle = SignInThrottle(allowedFailures: 1, window: 60, rememberedNames: 2)
        let start = Date()
        _ = try await throttle.checking("a", now: start) { false }
        _ = try await throttle.checking("b", now: start.addingTimeInterval(1)) { false }
        _ = try await throttle.checking("c", now: start.addingTimeInterval(2)) { false }
        #expect(try await throttle.checking("a", now: start.addingTimeInterval(3)) { true }, "a was forgotten")
        await #expect(throws: SignInFailure.tooManyFailures(minutes: 1)) { try await throttle.checking("c", now: start.addingTimeInterval(3)) { true } }
    }
}
