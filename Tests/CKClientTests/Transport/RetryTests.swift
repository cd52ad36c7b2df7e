@testable import CKClient
import Foundation
import CKModel
import Testing

@Suite("Retries: throttling, busy servers and dropped connections")
struct RetryTests {
    static let emptyZones = FakeTransport.Step.answer(status: 200, json: #"{"zones":[]}"#)

    @Test("THROTTLED with retryAfter is sent again after at least that long, and the answer that follows is returned")
    func throttledHonoursRetryAfter() async throws {
        let transport = FakeTransport([
            FakeTransport.error(.throttled, status: 429, retryAfter: 2),
            .answer(status: 200, json: #"{"zones":[{"zoneID":{"zoneName":"_defaultZone"}}]}"#),
        ])
        let delays = RecordedDelays()
        let zones = try await CloudKitClient.scripted(transport, delays: delays).allZones()
        #expect(zones.count == 1)
        #expect(transport.requests.count == 2)
        let delay = try #require(delays.all.first)
        #expect(delays.all.count == 1)
        #expect(delay >= .seconds(2) && delay <= .seconds(2.2))
    }

    @Test("without retryAfter, waits double from the base delay, stay under the maximum, and are jittered")
    func exponentialBackoff() async throws {
        let transport = FakeTransport([
            FakeTransport.error(.tryAgainLater, status: 503), FakeTransport.error(.tryAgainLater, status: 503),
            FakeTransport.error(.tryAgainLater, status: 503), Self.emptyZones,
        ])
        let delays = RecordedDelays()
        let policy = RetryPolicy(maximumAttempts: 4, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(300))
        _ = try await CloudKitClient.scripted(transport, delays: delays, retryPolicy: policy).allZones()
        let waits = delays.all
        try #require(waits.count == 3)
        #expect(waits[0] >= .milliseconds(50) && waits[0] <= .milliseconds(100))
        #expect(waits[1] >= .milliseconds(100) && waits[1] <= .milliseconds(200))
        #expect(waits[2] >= .milliseconds(150) && waits[2] <= .milliseconds(300))
    }

    @Test("a dropped or refused connection is retried")
    func droppedConnectionRetried() async throws {
        let transport = FakeTransport([.fail(.connectionDropped), .fail(.connectionRefused), Self.emptyZones])
        let delays = RecordedDelays()
        let zones = try await CloudKitClient.scripted(transport, delays: delays).allZones()
        #expect(zones.isEmpty)
        #expect(transport.requests.count == 3)
        #expect(delays.all.count == 2)
    }

    @Test("after the last allowed attempt the last error is thrown")
    func givesUpAfterLimit() async throws {
        let transport = FakeTransport([
            FakeTransport.error(.throttled, status: 429, retryAfter: 1), FakeTransport.error(.throttled, status: 429, retryAfter: 1),
            FakeTransport.error(.throttled, status: 429, retryAfter: 3),
        ])
        let delays = RecordedDelays()
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(10), maximumDelay: .milliseconds(10))
        let error = await #expect(throws: CloudKitClientError.self) {
            try await CloudKitClient.scripted(transport, delays: delays, retryPolicy: policy).allZones()
        }
        #expect(error?.serverErrorCode == .throttled)
        #expect(error?.retryAfter == 3)
        #expect(error?.httpStatus == 429)
        #expect(transport.requests.count == 3)
        #expect(delays.all.count == 2)
    }

    @Test("errors retrying cannot fix, and timeouts that may have reached the server, are thrown at once")
    func nonRetryableThrownAtOnce() async throws {
        for step in [FakeTransport.error(.badRequest, status: 400), FakeTransport.error(.internalError, status: 500), .fail(.timedOut)] {
            let transport = FakeTransport([step])
            let delays = RecordedDelays()
            await #expect(throws: CloudKitClientError.self) {
                try await CloudKitClient.scripted(transport, delays: delays).allZones()
            }
            #expect(transport.requests.count == 1)
            #expect(delays.all.isEmpty)
        }
    }

    @Test("a 503 from a proxy without CloudKit's JSON is retried, with the Retry-After header as the wait")
    func proxyUnavailableRetried() async throws {
        let transport = FakeTransport([
            .answer(status: 503, headers: [("Retry-After", "4")], json: "<html>busy</html>"), Self.emptyZones,
        ])
        let delays = RecordedDelays()
        _ = try await CloudKitClient.scripted(transport, delays: delays).allZones()
        let delay = try #require(delays.all.first)
        #expect(delay >= .seconds(4) && delay <= .seconds(4.4))
    }

    @Test("cancelling the calling task ends the retry loop during its wait, with no further attempt")
    func cancellationStopsRetries() async throws {
        let transport = FakeTransport([FakeTransport.error(.throttled, status: 429, retryAfter: 60)])
        let configuration = ClientConfiguration(
            serverURL: URL(string: "https://ck.example.com")!, container: ContainerID(rawValue: "iCloud.com.example.Party")!,
            credentials: .apiToken("api-token"))
        let client = CloudKitClient(configuration: configuration, transport: transport)
        let call = Task { try await client.allZones() }
        while transport.requests.isEmpty {
            await Task.yield()
        }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(transport.requests.count == 1)
    }
}
