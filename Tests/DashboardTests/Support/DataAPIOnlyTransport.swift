import CKClient
import Foundation
import Testing

/// A transport that sends through a real one and fails the test on any request to the management API: what the
/// data API's credentials alone must never need. (A client without a management token refuses such a call before
/// sending it; `DataAPIDashboardTests` looks for that refusal on screen and in the session's messages.)
final class DataAPIOnlyTransport: HTTPTransport {
    private let transport = AsyncHTTPClientTransport()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        #expect(!request.url.contains("/management/"), "a data-API-only session sent \(request.url)")
        return try await transport.send(request)
    }

    func shutdown() async throws {
        try await transport.shutdown()
    }
}
