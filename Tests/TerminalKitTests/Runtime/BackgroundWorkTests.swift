import Synchronization
import TerminalKit
import Testing

@Suite("BackgroundWork hands results back to the run loop's thread")
struct BackgroundWorkTests {
    /// Calls `deliverFinished()` until `condition` holds, as the run loop does between frames.
    func runLoop(_ work: BackgroundWork, until condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            work.deliverFinished()
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test("a result is applied only when the run loop delivers it, and errors arrive as failures")
    func delivers() async throws {
        let woken = Mutex(0)
        let work = BackgroundWork { woken.withLock { $0 += 1 } }
        var zones: [String] = []
        var failure: String?
        work.start({ ["_defaultZone", "Receipts"] }) { zones = (try? $0.get()) ?? [] }
        work.start({ () async throws -> Int in throw CancellationError() }) { if case .failure = $0 { failure = "failed" } }
        #expect(zones.isEmpty && work.isBusy)
        try await runLoop(work) { !zones.isEmpty && failure != nil }
        #expect(zones == ["_defaultZone", "Receipts"] && failure == "failed")
        #expect(!work.isBusy && woken.withLock { $0 } == 2)
    }

    @Test("every failure is shown to onFailure after its own handler, a success and a cancelled job's failure never")
    func observesFailures() async throws {
        struct Refused: Error {}
        let work = BackgroundWork()
        var seen: [String] = []
        work.onFailure = { seen.append($0 is Refused ? "observed" : "other") }
        work.start({ () async throws -> Int in throw Refused() }) { _ in seen.append("handled") }
        work.start({ 1 }) { _ in seen.append("succeeded") }
        let cancelled = work.start({ () async throws -> Int in
            try? await Task.sleep(for: .milliseconds(50))
            throw Refused()
        }) { _ in seen.append("cancelled job handled") }
        work.cancel(cancelled)
        try await runLoop(work) { seen.count == 3 }
        try await Task.sleep(for: .milliseconds(80))
        work.deliverFinished()
        #expect(seen.sorted() == ["handled", "observed", "succeeded"])
        #expect(seen.firstIndex(of: "handled")! < seen.firstIndex(of: "observed")!)
    }

    @Test("a cancelled job's task is cancelled and its result never applied")
    func cancels() async throws {
        let work = BackgroundWork()
        let sawCancellation = Mutex(false)
        var applied = false
        let job = work.start({
            do { try await Task.sleep(for: .seconds(10)) } catch { sawCancellation.withLock { $0 = true } }
            return 1
        }) { _ in applied = true }
        work.cancel(job)
        #expect(!work.isBusy)
        try await runLoop(work) { sawCancellation.withLock { $0 } }
        work.deliverFinished()
        #expect(sawCancellation.withLock { $0 } && !applied)
    }

    @Test("a waiting job is not busy work, yet its result is applied and cancelAll cancels it")
    func waiting() async throws {
        let work = BackgroundWork()
        var polled: [String] = []
        work.startWaiting({ "notification" }) { polled.append((try? $0.get()) ?? "failed") }
        #expect(!work.isBusy)
        try await runLoop(work) { !polled.isEmpty }
        #expect(polled == ["notification"])

        let sawCancellation = Mutex(false)
        work.startWaiting({
            do { try await Task.sleep(for: .seconds(10)) } catch { sawCancellation.withLock { $0 = true } }
            return "late"
        }) { polled.append((try? $0.get()) ?? "failed") }
        work.start({ 1 }) { _ in }
        #expect(work.isBusy && work.isWaiting)
        try await runLoop(work) { !work.isBusy }
        work.cancelAll()
        #expect(!work.isWaiting)
        try await runLoop(work) { sawCancellation.withLock { $0 } }
        work.deliverFinished()
        #expect(sawCancellation.withLock { $0 } && polled == ["notification"])
    }
}
