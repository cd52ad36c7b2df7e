import CKModel
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Keeps the server's connections under `ServerLimits.connections`: a connection past the cap is answered
/// `TRY_AGAIN_LATER` (503, with `retryAfter`) at once, without reading its request, and closed a moment later, so
/// that it holds a descriptor for a second at most and its client reads a clear refusal instead of a reset.
final class ConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// The connections open on one server, shared by the handlers of all of them.
    final class Count: Sendable {
        let maximum: Int
        private let open = NIOLockedValueBox(0)

        /// Creates a count of no connections, for a cap of `maximum`.
        init(maximum: Int) {
            self.maximum = maximum
        }

        /// Counts a new connection; `false` when it is past the cap (it is counted all the same until it closes).
        func admit() -> Bool {
            open.withLockedValue { count in
                count += 1
                return count <= maximum
            }
        }

        /// Uncounts a connection that closed.
        func release() {
            open.withLockedValue { $0 -= 1 }
        }
    }

    private let count: Count
    private var isCounted = false
    private var isRefused = false

    /// Creates the handler of one connection, counted in `count`.
    init(count: Count) {
        self.count = count
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            opened(context)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never handled.
        if !isRefused {
            context.fireChannelRead(data)
        }
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard !isCounted else { return }
        isCounted = true
        guard !count.admit() else { return }
        isRefused = true
        let refusal = ServerError(
            .tryAgainLater, reason: "the server has \(count.maximum) connections open, its limit; try again shortly", retryAfter: 1)
        ChannelErrorAnswer.refuse(with: refusal, context)
    }

    private func closed() {
        guard isCounted else { return }
        isCounted = false
        count.release()
    }
}
