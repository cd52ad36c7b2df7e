import CKModel
import Foundation
import Logging

extension CloudKitClient {
    /// The header a response carries the user's next web auth token in.
    static let rotatedWebAuthTokenHeader = "X-Apple-CloudKit-Web-Auth-Token"

    /// Sends the request `build` makes (again for each attempt, so a signature carries a fresh date) until it
    /// succeeds, fails for good, or the retry policy's attempts are spent; then the last failure is thrown.
    /// Cancellation stops the loop before each attempt and during each wait.
    func perform(
        _ operation: String, _ build: (Date) throws(CloudKitClientError) -> TransportRequest
    ) async throws -> TransportResponse {
        let policy = configuration.retryPolicy
        var attempt = 1
        while true {
            try Task.checkCancellation()
            do {
                return try await attemptOnce(try build(Date()), operation: operation)
            } catch let error as CloudKitClientError where error.isRetryable && attempt < policy.maximumAttempts {
                let delay = policy.delay(afterAttempt: attempt, retryAfter: error.retryAfter)
                logger.debug(
                    "retrying after a failed attempt",
                    metadata: ["ck.operation": "\(operation)", "ck.attempt": "\(attempt)", "ck.delay": "\(delay)", "ck.error": "\(error)"])
                try await sleep(delay)
                attempt += 1
            }
        }
    }

    /// One attempt: the answer when its status is 2xx, the server's error otherwise; the rotated web auth token
    /// is kept either way.
    private func attemptOnce(_ request: TransportRequest, operation: String) async throws -> TransportResponse {
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as CloudKitClientError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw CloudKitClientError.transport(.other, detail: String(describing: error))
        }
        if webAuthTokens.current != nil, let rotated = response.header(Self.rotatedWebAuthTokenHeader), !rotated.isEmpty {
            webAuthTokens.adopt(rotated)
        }
        guard response.isSuccess else {
            throw Self.requestError(response, operation: operation)
        }
        return response
    }

    /// The error a non-2xx answer stands for: CloudKit's error JSON, with HTTP `Retry-After` filling in a
    /// missing `retryAfter`; a 429 or 503 without that JSON (from a proxy, say) counts as throttled or busy.
    static func requestError(_ response: TransportResponse, operation: String) -> CloudKitClientError {
        let headerDelay = response.header("Retry-After").flatMap(Double.init)
        if var error = try? JSONValueDecoder().decode(ServerError.self, from: response.body) {
            error.retryAfter = error.retryAfter ?? headerDelay
            return .server(error, httpStatus: response.status)
        }
        let reason = "HTTP \(response.status) without CloudKit's error JSON"
        switch response.status {
        case 429: return .server(ServerError(.throttled, reason: reason, retryAfter: headerDelay), httpStatus: response.status)
        case 503: return .server(ServerError(.tryAgainLater, reason: reason, retryAfter: headerDelay), httpStatus: response.status)
        default:
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            return .decoding(operation: operation, httpStatus: response.status, detail: "expected CloudKit's error JSON, got \"\(text)\"")
        }
    }
}
