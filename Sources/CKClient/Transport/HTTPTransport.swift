/// Sends one HTTP request and hands back the whole answer: the seam between `CloudKitClient` and the network,
/// so tests and other HTTP stacks can stand in for `AsyncHTTPClientTransport`.
///
/// A transport throws `CloudKitClientError.transport` when the request did not complete (refused, dropped,
/// timed out), so the client knows what it may retry; any status code, 4xx and 5xx included, is an answer.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the server's answer.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Releases the transport's connections; the transport sends nothing afterwards.
    func shutdown() async throws
}

extension HTTPTransport {
    /// Nothing to release.
    public func shutdown() async throws {}
}
