import CKModel
import Foundation
import NIOConcurrencyHelpers

/// What the request log learns of one data API request while it runs: the middleware starts it, the request's
/// resolution, its body and its answer add to it, and the middleware turns it into an entry at the end.
final class RequestLogNote: Sendable {
    /// The note of the request the current task serves, if it is one the log keeps.
    @TaskLocal static var current: RequestLogNote?

    /// What has been learned so far.
    struct Details {
        var container: ContainerID?
        var environment: ContainerEnvironment?
        var database: DatabaseScope?
        var caller: CallerKind?
        var userID: String?
        var zones: Set<String> = []
        var recordTypes: Set<String> = []
        /// The first records named, in order, at most `RequestLogEntry.recordNameLimit`.
        var recordNames: [String] = []
        var operationCounts: [String: Int] = [:]
        var recordsRead = 0
        var recordsWritten = 0
        var itemErrors: [String: Int] = [:]
        var bytesIn = 0
        var error: ServerError?
    }

    /// The request's ID, which its error carries as `uuid`.
    let requestID = RequestID.make()
    /// When the request arrived.
    let arrival = Date()
    private let details = NIOLockedValueBox(Details())

    /// Adds to what is known.
    func note(_ change: (inout Details) -> Void) {
        details.withLockedValue(change)
    }

    /// Counts one item of a batch answered with `error`.
    func noteItemError(_ error: ServerError) {
        note { $0.itemErrors[error.serverErrorCode.rawValue, default: 0] += 1 }
    }

    /// What is known now.
    var known: Details {
        details.withLockedValue { $0 }
    }
}
