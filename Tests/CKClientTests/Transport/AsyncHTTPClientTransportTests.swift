import CKClient
import CKModel
import Foundation
import Testing

@Suite("The production transport's failures")
struct AsyncHTTPClientTransportTests {
    @Test("a port nobody listens on is a refused connection, which callers may retry")
    func refusedConnection() async throws {
        let transport = AsyncHTTPClientTransport()
        defer { Task { try await transport.shutdown() } }
        let error = await #expect(throws: CloudKitClientError.self) {
            try await transport.send(TransportRequest(method: .get, url: "http://127.0.0.1:1/database/1/x", timeout: .seconds(1)))
        }
        guard case .transport(let failure, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure == .connectionRefused)
        #expect(error?.isRetryable == true)
    }
}
