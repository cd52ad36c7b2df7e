import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection after an answer that says `Connection: close`: a refusal sent before a large body was
/// read (no credentials, an unknown upload URL, a body past its cap; see `CloudKitErrorMiddleware`), which the
/// server would otherwise go on reading, and discarding, to reach the next request.
final class RefusalClose: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The answer being written said it closes the connection.
    private var closesAfterAnswer = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterAnswer = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            if closesAfterAnswer {
                context.flush()
                context.close(promise: nil)
            }
        }
    }
}
