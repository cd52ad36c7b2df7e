import CKModel
import NIOCore
import NIOHTTPTypes

/// Answers a request the HTTP parser cannot read (a bad request line, a header past the limits, conflicting
/// lengths, a malformed chunk) with CloudKit's error JSON, `BAD_REQUEST`, instead of an empty 400, then closes the
/// connection.
///
/// A parse error in the middle of a request (its route reading the body, or its answer being written) goes on to
/// that route, which answers it itself; the connection is closed once that answer ends, so nothing else follows it.
final class MalformedRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// A request head was read and its answer has not ended.
    private var isAwaitingAnswer = false
    /// The request being answered could not be read to its end: close once its answer is written.
    private var closesAfterAnswer = false
    /// The connection is closing: whatever else is written is dropped.
    private var isClosing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // What comes after a request that could not be read is not read either.
        guard !isClosing else { return }
        if case .head = unwrapInboundIn(data) {
            isAwaitingAnswer = true
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isClosing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head, .body:
            context.write(data, promise: promise)
        case .end:
            isAwaitingAnswer = false
            context.write(data, promise: promise)
            if closesAfterAnswer {
                isClosing = true
                context.flush()
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !isClosing else { return }
        if isAwaitingAnswer {
            closesAfterAnswer = true
            context.fireErrorCaught(error)
            return
        }
        isClosing = true
        ChannelErrorAnswer.refuse(with: ServerError(.badRequest, reason: "the request is not valid HTTP/1.1 (\(error)); it was not read"), context)
    }
}
