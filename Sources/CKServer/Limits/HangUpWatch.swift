import NIOCore
import NIOHTTPTypes

/// Notices when a connection's client hangs up (closes its side, or the connection ends), so that a request
/// waiting for something, a long poll, stops waiting and gives its descriptor back at once.
///
/// A waiting request registers a callback and takes it back when it ends, so a keep-alive connection that waits
/// many times holds nothing for the waits that are over. Everything here runs on the connection's event loop.
final class HangUpWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private var hasHungUp = false
    private var waiting: [UInt64: @Sendable () -> Void] = [:]
    private var nextRegistration: UInt64 = 0

    /// Calls `callback` when the client hangs up (at once if it has); returns the registration to take back with
    /// `forget`, or `nil` when the callback was already called.
    func watch(_ callback: @escaping @Sendable () -> Void) -> UInt64? {
        guard !hasHungUp else {
            callback()
            return nil
        }
        nextRegistration += 1
        waiting[nextRegistration] = callback
        return nextRegistration
    }

    /// Takes back a registration whose wait is over.
    func forget(_ registration: UInt64) {
        waiting[registration] = nil
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        hangUp()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            hangUp()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        hangUp()
        context.fireChannelInactive()
    }

    private func hangUp() {
        hasHungUp = true
        let callbacks = waiting.values
        waiting = [:]
        callbacks.forEach { $0() }
    }
}
