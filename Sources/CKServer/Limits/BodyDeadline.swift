import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Gives each request body a deadline to arrive by, counted from its request head: a client sending a byte now
/// and then cannot keep a request, its memory and its connection. A body still arriving at its deadline ends in
/// `Expired` for whatever is reading it (`BodyMemory` answers it with CloudKit's error), and the connection then
/// closes, as the rest of the body was never read.
///
/// A timer on the connection's event loop, where the body's parts arrive: a request costs no task and no thread
/// switch for it, as a timer racing the read in a task of its own did.
final class BodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// A body that had not all arrived within its deadline.
    struct Expired: Error {
        let deadline: Duration
    }

    private let deadline: Duration
    /// The timer of the body arriving now, if any.
    private var timer: Scheduled<Void>?

    /// Gives bodies `deadline` to arrive by.
    init(_ deadline: Duration) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head) where head.headerFields.announcesBody:
            timer?.cancel()
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
            let expired = Expired(deadline: deadline)
            timer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(deadline.timeInterval * 1e9))) {
                bound.value.handler.timer = nil
                bound.value.context.fireErrorCaught(expired)
            }
        case .end:
            timer?.cancel()
            timer = nil
        case .head, .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }
}
