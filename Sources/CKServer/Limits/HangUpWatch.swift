import NIOCore
import NIOHTTPTypes

/// Notices when a connection's client hangs up (closes its side, or the connection ends), so that a request
/// waiting for something, a long poll, stops waiting and gives its descriptor back at once.
final class HangUpWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private var hangUp: EventLoopPromise<Void>?

    /// Succeeds when the client hangs up; read on the channel's event loop.
    var hungUp: EventLoopFuture<Void>? { hangUp?.futureResult }

    func handlerAdded(context: ChannelHandlerContext) {
        hangUp = context.eventLoop.makePromise()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        hangUp?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            hangUp?.succeed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        hangUp?.succeed()
        context.fireChannelInactive()
    }
}
