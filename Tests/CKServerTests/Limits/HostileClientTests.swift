import CKServer
import CKTestSupport
import Foundation
import Logging
import Testing

/// What an anonymous or hostile client can no longer do to a server: make it read bodies it will refuse, hold
/// its descriptors, or get an empty or 500 answer to a request that is not HTTP (issue 20, points 1, 2 and 7).
@Suite("Hostile clients: bodies, connections and malformed HTTP", .heavy)
struct HostileClientTests {
    /// The test server's data served in this process with `limits` changed.
    private func serve(_ server: TestServer, courierWait: Duration? = nil, _ limits: (inout ServerLimits) -> Void = { _ in }) async throws
        -> (LoopbackServer, ServerServices)
    {
        var configuration = server.temporary.configuration
        limits(&configuration.limits)
        if let courierWait {
            configuration.courierWait = courierWait
        }
        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        let services = ServerServices(storage: server.temporary.storage, configuration: configuration)
        return (try await LoopbackServer.start(services: services, logger: logger), services)
    }

    /// What the server answers to `request`, sent as it is on a connection of its own.
    private func answer(_ request: [UInt8], port: Int, timeout: Int = 10) async throws -> RawAnswer? {
        try await BlockingCall.run {
            let connection = try RawConnection(port: port, timeout: timeout)
            connection.send(request)
            return connection.readAnswer().map(RawAnswer.init)
        }
    }

    private func answer(_ request: String, port: Int, timeout: Int = 10) async throws -> RawAnswer? {
        try await answer(Array(request.utf8), port: port, timeout: timeout)
    }

    /// What the server sends for `request` (a head and part of its body, say) until it closes the connection.
    private func answerThenClose(_ request: String, port: Int) async throws -> RawAnswer? {
        try await BlockingCall.run {
            let connection = try RawConnection(port: port, timeout: 10)
            connection.send(Array(request.utf8))
            return connection.readToEnd().map(RawAnswer.init)
        }
    }

    @Test("a body is not read before the caller is known: an anonymous request, an unknown container and an unknown upload URL are answered at once, with their bodies never sent")
    func credentialsBeforeBodies() async throws {
        let server = try await TestServer()
        let (loopback, _) = try await serve(server)
        defer { Task { await loopback.stop() } }
        // Each promises 200 MB and sends none of it: the answer can only come before the body.
        let promised = "Content-Type: application/json\r\nContent-Length: 200000000\r\n\r\n"
        let anonymous = try #require(try await answer("POST \(server.path("records/query")) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(promised)", port: loopback.port))
        #expect(anonymous.status == 401)
        #expect(anonymous.serverErrorCode == "AUTHENTICATION_FAILED")
        // The promised body is not read past to reach a next request: the connection ends with the answer.
        #expect(anonymous.text.lowercased().contains("connection: close"))
        let wrongToken = try #require(try await answer(
            "POST \(server.path("records/modify"))?ckAPIToken=nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\(promised)", port: loopback.port))
        #expect(wrongToken.status == 401)
        let unknown = try #require(try await answer(
            "POST /database/1/iCloud.com.example.Nothing/development/public/records/modify HTTP/1.1\r\nHost: 127.0.0.1\r\n\(promised)", port: loopback.port))
        #expect(unknown.serverErrorCode == "NOT_FOUND")
        // An upload may be as large as the test server's 1 MB asset limit.
        let upload = try #require(try await answer(
            "POST /assets/upload/\(String(repeating: "0", count: 32)) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 900000\r\n\r\n", port: loopback.port))
        #expect(upload.status == 404)
        #expect(upload.serverErrorCode == "NOT_FOUND")
    }

    @Test("a body larger than its endpoint's cap is refused from its Content-Length, or as soon as a chunked one passes it")
    func bodyCaps() async throws {
        let server = try await TestServer()
        let (loopback, _) = try await serve(server)
        defer { Task { await loopback.stop() } }
        let query = "\(server.path("records/query"))?ckAPIToken=\(server.apiToken)"
        let declared = try #require(try await answer("POST \(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\n\r\n", port: loopback.port))
        #expect(declared.status == 413)
        #expect(declared.serverErrorCode == "QUOTA_EXCEEDED")
        #expect(declared.reason.contains("1048576 bytes"))
        let modify = "\(server.path("records/modify"))?ckAPIToken=\(server.apiToken)"
        let large = try #require(try await answer("POST \(modify) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 17000000\r\n\r\n", port: loopback.port))
        #expect(large.serverErrorCode == "QUOTA_EXCEEDED")
        // The API token alone may write nothing: its records/modify body gets the small cap.
        let world = try #require(try await answer("POST \(modify) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\n\r\n", port: loopback.port))
        #expect(world.serverErrorCode == "QUOTA_EXCEEDED")
        #expect(world.reason.contains("1048576 bytes"))
        // 2 MB in 64 KB chunks, to an endpoint that takes 1 MB.
        let chunk = "10000\r\n" + String(repeating: " ", count: 65536) + "\r\n"
        let chunked = "POST \(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: chunk, count: 32) + "0\r\n\r\n"
        let refused = try #require(try await answer(chunked, port: loopback.port))
        #expect(refused.serverErrorCode == "QUOTA_EXCEEDED")
    }

    @Test("bodies in flight together stay within the body memory: one more is answered TRY_AGAIN_LATER before it is read")
    func bodyMemory() async throws {
        let server = try await TestServer()
        let (loopback, services) = try await serve(server) { $0.bodyMemory = 1_000_000 }
        defer { Task { await loopback.stop() } }
        let head = "POST \(server.path("records/query"))?ckAPIToken=\(server.apiToken) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 600000\r\n\r\n"
        let port = loopback.port
        let holding = try await BlockingCall.run { () throws -> RawConnection in
            let connection = try RawConnection(port: port)
            connection.send(head)
            return connection
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while services.bodyMemory.inUse == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(services.bodyMemory.inUse == 600_000)
        let second = try #require(try await answer(head, port: port))
        #expect(second.status == 503)
        #expect(second.serverErrorCode == "TRY_AGAIN_LATER")
        #expect(second.json["retryAfter"] as? Double == 1)
        _ = holding
    }

    @Test("a body that does not arrive within its deadline is refused, its memory given back and its connection closed")
    func bodyDeadline() async throws {
        let server = try await TestServer()
        let (loopback, services) = try await serve(server) { $0.bodyDeadline = .seconds(1) }
        defer { Task { await loopback.stop() } }
        // Ten bytes of a hundred, then nothing: the idle timeout (20 s) would wait; the deadline does not.
        let head = "POST \(server.path("records/query"))?ckAPIToken=\(server.apiToken) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"query\":"
        let started = ContinuousClock.now
        let refused = try #require(try await answerThenClose(head, port: loopback.port))
        #expect(refused.status == 400)
        #expect(refused.reason.contains("did not arrive within"))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(services.bodyMemory.inUse == 0)
    }

    @Test("a sign-in form that does not arrive within its deadline is refused as the visitor's fault, not as the server being unable to sign in")
    func signInFormDeadline() async throws {
        let server = try await TestServer()
        let (loopback, services) = try await serve(server) { $0.bodyDeadline = .seconds(1) }
        defer { Task { await loopback.stop() } }
        let head = "POST /auth/\(server.container) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=ada"
        let refused = try #require(try await answerThenClose(head, port: loopback.port))
        #expect(refused.status == 400)
        #expect(refused.text.contains("did not arrive within"))
        #expect(!refused.text.lowercased().contains("retry-after"))
        #expect(services.bodyMemory.inUse == 0)
    }

    @Test("requests that are not HTTP/1.1 are answered with CloudKit's error JSON: never an empty body, never a 500")
    func malformedRequests() async throws {
        let server = try await TestServer()
        let (loopback, _) = try await serve(server)
        defer { Task { await loopback.stop() } }
        let path = server.path("records/query")
        let cases: [(String, [UInt8])] = [
            ("Content-Length with Transfer-Encoding", Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)),
            ("a negative Content-Length", Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n".utf8)),
            ("a huge Content-Length", Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8)),
            ("a 1 MB URL", Array("GET /\(String(repeating: "a", count: 1 << 20)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
            ("a 1 MB header", Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "b", count: 1 << 20))\r\n\r\n".utf8)),
            ("5,000 headers", Array(("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<5000).map { "X-\($0): v\r\n" }.joined() + "\r\n").utf8)),
            ("invalid UTF-8 in the path", Array("GET /database/".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
            ("HTTP/0.9", Array("GET /\r\n\r\n".utf8)),
            ("garbage", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
            ("an unknown method", Array("BREW /pot HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
            ("a malformed chunk", Array("POST \(path)?ckAPIToken=\(server.apiToken) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n".utf8)),
        ]
        for (name, request) in cases {
            let answer = try await answer(request, port: loopback.port)
            #expect(answer != nil, "\(name): no answer")
            guard let answer else { continue }
            #expect((400..<500).contains(answer.status), "\(name): \(answer.status)")
            #expect(!answer.serverErrorCode.isEmpty, "\(name): \(answer.text.prefix(300))")
        }
    }

    @Test("connections past the cap are answered TRY_AGAIN_LATER at once, and a connection that never finishes its head is closed after the idle timeout")
    func connections() async throws {
        let server = try await TestServer()
        let (loopback, _) = try await serve(server) {
            $0.connections = 3
            $0.idleTimeout = .seconds(3)
        }
        defer { Task { await loopback.stop() } }
        let port = loopback.port
        let started = ContinuousClock.now
        // Three connections that start a request and never finish its head.
        let slow = try await BlockingCall.run { () throws -> [RawConnection] in
            let slow = try (0..<3).map { _ in try RawConnection(port: port, timeout: 10) }
            slow.forEach { $0.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            return slow
        }
        // A fourth connection is refused once the server has taken the three (on a busy machine it may take them
        // later than they connected: until then the fourth is an ordinary request, answered 404).
        var refusal: RawAnswer?
        for _ in 0..<50 where refusal?.status != 503 {
            try await Task.sleep(for: .milliseconds(100))
            refusal = try await BlockingCall.run { () throws -> RawAnswer? in
                let extra = try RawConnection(port: port)
                extra.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return extra.readToEnd().map(RawAnswer.init)
            }
        }
        let idle = try await BlockingCall.run { slow.map { $0.readToEnd() } }
        let elapsed = ContinuousClock.now - started
        let answer = try #require(refusal)
        #expect(answer.status == 503)
        #expect(answer.serverErrorCode == "TRY_AGAIN_LATER")
        // Closed by the server (an end of stream, not the test's 10 s timeout), about three seconds after going quiet.
        #expect(idle.allSatisfy { $0 != nil }, "\(idle)")
        #expect(elapsed < .seconds(8), "\(elapsed)")
        let afterwards = try #require(try await self.answer("GET \(server.path("users/current")) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: port))
        #expect(afterwards.status == 401)
    }

    @Test("a long poll ends as soon as its client hangs up")
    func longPollHangUp() async throws {
        let server = try await TestServer()
        let (loopback, services) = try await serve(server, courierWait: .seconds(30))
        defer { Task { await loopback.stop() } }
        let port = loopback.port
        let auth = "ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
        let create = #"{"apnsEnvironment":"development"}"#
        let created = try #require(try await answer(
            "POST /device/1/\(server.container)/development/tokens/create?\(auth) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(create.utf8.count)\r\n\r\n\(create)",
            port: port))
        let token = try #require(created.json["apnsToken"] as? String)
        let courier = try #require((created.json["webcourierURL"] as? String)?.split(separator: "/").last)
        let register = #"{"apnsEnvironment":"development","apnsToken":"\#(token)"}"#
        let registered = try #require(try await answer(
            "POST \(server.path("tokens/register"))?\(auth) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(register.utf8.count)\r\n\r\n\(register)", port: port))
        #expect(registered.status == 200)
        let polling = try await BlockingCall.run { () throws -> RawConnection in
            let connection = try RawConnection(port: port)
            connection.send("GET /webcourier/\(courier) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection
        }
        #expect(try await waitUntil { services.courierBell.waitingCount == 1 })
        polling.hangUp()
        #expect(try await waitUntil { services.courierBell.waitingCount == 0 }, "the poll still waits after its client hung up")
    }

    /// Whether `condition` came true within three seconds.
    private func waitUntil(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(3)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}

/// An HTTP answer read off a raw connection: its status, and its body as CloudKit's error JSON.
struct RawAnswer {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    var status: Int {
        Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
    }

    var json: [String: Any] {
        guard let range = text.range(of: "\r\n\r\n"),
            let object = try? JSONSerialization.jsonObject(with: Data(text[range.upperBound...].utf8)) as? [String: Any]
        else { return [:] }
        return object
    }

    var serverErrorCode: String { json["serverErrorCode"] as? String ?? "" }
    var reason: String { json["reason"] as? String ?? "" }
}
