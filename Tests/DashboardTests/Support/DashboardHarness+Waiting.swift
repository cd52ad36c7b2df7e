import Testing

@testable import Dashboard

extension DashboardHarness {
    /// Applies finished fetches, the live views' waiting polls among them, until `condition` holds (at most
    /// `timeout`): what a live view needs, since `settle()` does not wait for polls that may never end.
    func waitUntil(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            try #require(ContinuousClock.now < deadline, "\(what) did not happen in \(timeout)\n\(screen)")
            try await Task.sleep(for: .milliseconds(10))
            app.deliverFinishedWork()
        }
    }

    /// The lines of the screen with the times (`12:03:04`) masked, for the goldens of the live views.
    var linesWithoutTimes: [String] {
        lines.map { $0.replacing(/\d\d:\d\d:\d\d/) { String(repeating: "#", count: $0.output.count) } }
    }
}
