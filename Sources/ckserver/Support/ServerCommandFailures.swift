import CKModel
import CommandLineSupport

/// Runs a ckserver command body, turning CloudKit errors from the services into one line and status 2.
func runReportingFailures(_ body: () async throws -> Void) async throws {
    try await reportingFailures(of: "ckserver") {
        do {
            try await body()
        } catch let error as ServerError {
            throw CommandFailure(error.reason ?? error.serverErrorCode.rawValue)
        }
    }
}
