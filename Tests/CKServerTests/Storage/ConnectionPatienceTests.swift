import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import CKServer

@Suite("Waits for a database connection")
struct ConnectionPatienceTests {
    @Test("a wait that outlasts its patience is given up, once; one that ends in time is not; none is left behind")
    func givesUp() async throws {
        let slow = ConnectionPatience(patience: .milliseconds(100), tick: .milliseconds(10))
        let patient = ConnectionPatience(patience: .seconds(60), tick: .milliseconds(10))
        let clocks = [Task { await slow.run() }, Task { await patient.run() }]
        defer { clocks.forEach { $0.cancel() } }
        let givenUp = NIOLockedValueBox(0)

        #expect(await patient.watching(giveUp: { givenUp.withLockedValue { $0 += 1 } }) { 42 } == 42)
        // The wait lasts until it is given up.
        let (signal, giveUp) = AsyncStream.makeStream(of: Void.self)
        let start = ContinuousClock.now
        await slow.watching(giveUp: {
            givenUp.withLockedValue { $0 += 1 }
            giveUp.finish()
        }) {
            for await _ in signal {}
        }
        #expect(ContinuousClock.now - start >= .milliseconds(100))
        try await Task.sleep(for: .milliseconds(50))
        #expect(givenUp.withLockedValue { $0 } == 1)
        #expect(slow.count == 0 && patient.count == 0)
    }
}
