import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The production transport: one AsyncHTTPClient `HTTPClient`, shared by every request of the clients that use
/// this transport, over HTTP/1.1 (the asset host is often another host, where reusing an HTTP/2 connection
/// fails with 421).
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let httpClient: HTTPClient
    private let ownsHTTPClient: Bool
    /// The largest answer read, in bytes: 200 records of 1 MB, or an asset file.
    private let maximumResponseSize: Int

    /// Creates a transport with its own `HTTPClient`, released by `shutdown()`.
    /// - Parameter maximumResponseSize: The largest answer read, in bytes (256 MB unless given).
    public init(maximumResponseSize: Int = 256 * 1024 * 1024) {
        var configuration = HTTPClient.Configuration()
        configuration.httpVersion = .http1Only
        configuration.redirectConfiguration = .disallow
        // A refused connection fails the request at once; the client's own retry policy decides whether and
        // when to try again, instead of the pool retrying until the request's deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        ownsHTTPClient = true
        self.maximumResponseSize = maximumResponseSize
    }

    /// Creates a transport over an `HTTPClient` the caller owns and shuts down.
    /// - Parameters:
    ///   - httpClient: The client requests go through.
    ///   - maximumResponseSize: The largest answer read, in bytes (256 MB unless given).
    public init(httpClient: HTTPClient, maximumResponseSize: Int = 256 * 1024 * 1024) {
        self.httpClient = httpClient
        ownsHTTPClient = false
        self.maximumResponseSize = maximumResponseSize
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = request.method == .get ? .GET : .POST
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if request.method == .post {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let timeout = TimeAmount.nanoseconds(Int64(request.timeout.components.seconds) * 1_000_000_000
            + request.timeout.components.attoseconds / 1_000_000_000)
        do {
            let response = try await httpClient.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: maximumResponseSize)
            return TransportResponse(
                status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                body: Array(body.readableBytesView))
        } catch let error as CancellationError {
            throw error
        } catch {
            throw Self.transportError(error)
        }
    }

    /// Shuts the `HTTPClient` down if this transport created it.
    public func shutdown() async throws {
        if ownsHTTPClient {
            try await httpClient.shutdown()
        }
    }

    /// What an AsyncHTTPClient or NIO failure means for a caller deciding whether to retry.
    static func transportError(_ error: any Error) -> CloudKitClientError {
        let detail = String(describing: error)
        if let httpError = error as? HTTPClientError {
            switch httpError {
            case .remoteConnectionClosed, .uncleanShutdown: return .transport(.connectionDropped, detail: detail)
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout:
                return .transport(.timedOut, detail: detail)
            default: return .transport(.other, detail: detail)
            }
        }
        if error is NIOConnectionError {
            return .transport(.connectionRefused, detail: detail)
        }
        if let ioError = error as? IOError, ioError.errnoCode == ECONNREFUSED {
            return .transport(.connectionRefused, detail: detail)
        }
        if let ioError = error as? IOError, ioError.errnoCode == ECONNRESET || ioError.errnoCode == EPIPE {
            return .transport(.connectionDropped, detail: detail)
        }
        if let channelError = error as? ChannelError, channelError == .eof || channelError == .ioOnClosedChannel || channelError == .outputClosed {
            return .transport(.connectionDropped, detail: detail)
        }
        return .transport(.other, detail: detail)
    }
}
