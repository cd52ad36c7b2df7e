import CKModel

/// Why a call, or one item of it, failed: the server's answer, the network, an answer that could not be read,
/// or a client set up wrongly.
///
/// A request's own failure is thrown; a failed item inside a successful answer (one record of a batch, one zone)
/// is a `.failure` in the call's per-item results, with `httpStatus` `nil`.
public enum CloudKitClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with CloudKit's error dictionary. With `CONFLICT`, `serverRecord` is the record as the
    /// server has it now, to merge the change into and save again.
    case server(ServerError, httpStatus: Int?, serverRecord: Record? = nil)
    /// The request did not complete: no connection, a dropped connection or no answer in time.
    case transport(TransportFailure, detail: String)
    /// The server answered something this client could not read as the expected JSON.
    case decoding(operation: String, httpStatus: Int, detail: String)
    /// The client cannot send the request: credentials missing for it, a key that cannot sign, a body that
    /// cannot be encoded.
    case invalidRequest(String)
    /// A management API call (schema, users, tokens, logs, deploys) made without a management token: the
    /// client has data API credentials only, as on Apple's CloudKit, whose management API is not published.
    case needsManagementAPI

    /// How a request failed to complete.
    public enum TransportFailure: String, Sendable, Hashable {
        /// Nothing accepted the connection.
        case connectionRefused
        /// The connection closed before the answer was complete.
        case connectionDropped
        /// No answer came within the request timeout.
        case timedOut
        /// Any other network failure.
        case other
    }

    /// The server's error code, for server errors.
    public var serverErrorCode: ServerErrorCode? {
        if case .server(let error, _, _) = self { error.serverErrorCode } else { nil }
    }

    /// The server's explanation, for server errors.
    public var reason: String? {
        if case .server(let error, _, _) = self { error.reason } else { nil }
    }

    /// Seconds the server asked the client to wait before trying again.
    public var retryAfter: Double? {
        if case .server(let error, _, _) = self { error.retryAfter } else { nil }
    }

    /// The HTTP status of the failed request (`nil` for a per-item failure inside a successful answer).
    public var httpStatus: Int? {
        switch self {
        case .server(_, let status, _): status
        case .decoding(_, let status, _): status
        case .transport, .invalidRequest, .needsManagementAPI: nil
        }
    }

    /// The server's identifier of the failed request, to quote to its operators.
    public var uuid: String? {
        if case .server(let error, _, _) = self { error.uuid } else { nil }
    }

    /// The record as the server has it, for a `CONFLICT`.
    public var serverRecord: Record? {
        if case .server(_, _, let record) = self { record } else { nil }
    }

    /// Whether sending the same request again later may succeed: throttling, a busy server, or a connection
    /// that was refused or dropped.
    public var isRetryable: Bool {
        switch self {
        case .server(let error, _, _): error.serverErrorCode == .throttled || error.serverErrorCode == .tryAgainLater
        case .transport(let failure, _): failure == .connectionRefused || failure == .connectionDropped
        case .decoding, .invalidRequest, .needsManagementAPI: false
        }
    }

    public var description: String {
        switch self {
        case .server(let error, let status, _):
            let subject = error.recordName.map { " for record \($0)" } ?? error.subscriptionID.map { " for subscription \($0)" }
                ?? error.zoneID.map { " for zone \($0.zoneName)" } ?? ""
            let statusText = status.map { " (HTTP \($0))" } ?? ""
            let wait = error.retryAfter.map { "; retry after \($0.rounded() == $0 ? String(Int($0)) : String($0)) s" } ?? ""
            let signIn = error.redirectURL.map { "; sign in at \($0)" } ?? ""
            return "The server refused the request\(subject): \(error.serverErrorCode.rawValue)\(statusText): \(error.reason ?? "no reason given")\(wait)\(signIn)"
        case .transport(let failure, let detail):
            let what = switch failure {
            case .connectionRefused: "the server refused the connection"
            case .connectionDropped: "the connection closed before the answer was complete"
            case .timedOut: "the server did not answer in time"
            case .other: "the request failed"
            }
            return "Could not reach the server: \(what) (\(detail))"
        case .decoding(let operation, let status, let detail):
            return "The server's answer to \(operation) (HTTP \(status)) could not be read: \(detail)"
        case .invalidRequest(let message):
            return "The request cannot be sent: \(message)"
        case .needsManagementAPI:
            return "This needs ckserver's management API, and no management token is given (--token or CKDASH_TOKEN); on Apple's CloudKit, use CloudKit Console for it"
        }
    }
}
