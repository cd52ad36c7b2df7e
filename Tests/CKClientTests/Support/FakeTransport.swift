@testable import CKClient
import CKModel
import Foundation
import Testing

/// A transport that answers from a script, records every request, and reports the requests it did not expect;
/// for what a real server will not do on demand (throttle, drop a connection).
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    /// One scripted answer.
    enum Step {
        /// Answer with this status, headers and JSON body.
        case answer(status: Int, headers: [(name: String, value: String)] = [], json: String)
        /// Fail as the network would.
        case fail(CloudKitClientError.TransportFailure)
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var sent: [TransportRequest] = []

    init(_ steps: [Step]) {
        self.steps = steps
    }

    /// The requests sent so far, in order.
    var requests: [TransportRequest] {
        lock.withLock { sent }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let step: Step? = lock.withLock {
            sent.append(request)
            return steps.isEmpty ? nil : steps.removeFirst()
        }
        switch step {
        case .answer(let status, let headers, let json)?:
            return TransportResponse(status: status, headers: headers, body: Array(json.utf8))
        case .fail(let failure)?:
            throw CloudKitClientError.transport(failure, detail: "scripted")
        case nil:
            Issue.record("unexpected request \(request.method.rawValue) \(request.url)")
            throw CloudKitClientError.transport(.other, detail: "no scripted answer left")
        }
    }

    /// A CloudKit error answer.
    static func error(_ code: ServerErrorCode, status: Int, retryAfter: Double? = nil) -> Step {
        let retry = retryAfter.map { #","retryAfter":\#($0)"# } ?? ""
        return .answer(status: status, json: #"{"uuid":"u-1","serverErrorCode":"\#(code.rawValue)","reason":"scripted"\#(retry)}"#)
    }
}

/// The waits a client asked for between attempts, without spending them.
final class RecordedDelays: @unchecked Sendable {
    private let lock = NSLock()
    private var delays: [Duration] = []

    var all: [Duration] {
        lock.withLock { delays }
    }

    func record(_ delay: Duration) throws {
        lock.withLock { delays.append(delay) }
        try Task.checkCancellation()
    }
}

extension CloudKitClient {
    /// A client of a made-up server over `transport`, whose waits between attempts go to `delays` instead of
    /// the clock.
    static func scripted(
        _ transport: FakeTransport, delays: RecordedDelays, retryPolicy: RetryPolicy = .default,
        credentials: Credentials = .apiToken("api-token")
    ) -> CloudKitClient {
        let configuration = ClientConfiguration(
            serverURL: URL(string: "https://ck.example.com")!, container: ContainerID(rawValue: "iCloud.com.example.Party")!,
            credentials: credentials, retryPolicy: retryPolicy)
        return CloudKitClient(
            configuration: configuration, transport: transport, webAuthTokens: WebAuthTokenStore(credentials.webAuthToken),
            logger: .init(label: "tests"), sleep: { try delays.record($0) })
    }
}
