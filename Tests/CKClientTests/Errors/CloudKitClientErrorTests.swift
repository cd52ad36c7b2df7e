import CKClient
import CKModel
import Testing

@Suite("What errors say")
struct CloudKitClientErrorTests {
    @Test("a server error names the code, status, subject, reason and wait")
    func serverErrorMessage() {
        let error = CloudKitClientError.server(
            ServerError(.throttled, reason: "too many requests", retryAfter: 3, recordName: "p1"), httpStatus: 429)
        #expect(error.description == "The server refused the request for record p1: THROTTLED (HTTP 429): too many requests; retry after 3 s")
        #expect(error.isRetryable)
    }

    @Test("a transport error says what happened to the connection")
    func transportErrorMessage() {
        let error = CloudKitClientError.transport(.connectionRefused, detail: "connect(2) failed")
        #expect(error.description == "Could not reach the server: the server refused the connection (connect(2) failed)")
        #expect(error.serverErrorCode == nil)
    }
}
