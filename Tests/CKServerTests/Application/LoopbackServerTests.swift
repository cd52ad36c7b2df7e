import CKServer
import CKTestSupport
import Foundation
import Logging
import Testing

/// The in-process server answers on threads of its own (`ServerExecutor`), whatever its host does with Swift's
/// concurrency pool: the dashboard around the embedded server, or a test suite.
@Suite("LoopbackServer: a server inside another program", .heavy)
struct LoopbackServerTests {
    @Test("it answers while every thread of Swift's concurrency pool is blocked")
    func answersWithThePoolBlocked() async throws {
        let temporary = try await TemporaryStorage()
        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        let server = try await LoopbackServer.start(
            services: ServerServices(storage: temporary.storage, configuration: temporary.configuration), logger: logger)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Four blocked tasks a core: more than the pool's threads, and than libdispatch adds when they all block.
        // The only place the test suite blocks the pool, on purpose and briefly: a few milliseconds while the
        // server answers, ten seconds when it does not, and never past thirty.
        let blockers = 4 * cores
        let gate = DispatchSemaphore(value: 0)
        let blocking = DispatchSemaphore(value: 0)
        for _ in 0..<blockers {
            Task.detached {
                blocking.signal()
                _ = gate.wait(timeout: .now() + 30)
            }
        }
        let port = server.port
        let answer = await BlockingCall.run { () -> String? in
            // The pool's threads (one a core) are all blocked before the request is sent.
            for _ in 0..<cores { _ = blocking.wait(timeout: .now() + 10) }
            let answer = RawHTTP.get("/database/1/iCloud.com.example.Party/development/public/users/current", port: port, timeout: 10)
            for _ in 0..<blockers { gate.signal() }
            return answer
        }
        await server.stop()
        let statusLine = answer?.split(separator: "\r\n").first.map(String.init)
        // The server has no containers: CloudKit's NOT_FOUND, in its error JSON.
        #expect(statusLine == "HTTP/1.1 404 Not Found", "\(answer ?? "no answer in 10 s")")
        #expect(answer?.contains(#""serverErrorCode":"NOT_FOUND""#) == true)
    }
}
