import CKModel
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// CloudKit's error JSON written straight to a connection, for the refusals made below the router: a connection
/// past the cap, a request the HTTP parser cannot read.
enum ChannelErrorAnswer {
    /// How long a refused connection stays open after its answer, for its client to read it.
    static let lingering = TimeAmount.seconds(1)

    /// Writes `error` as a whole response that says it closes the connection, stops sending, and closes the
    /// connection `lingering` later: closing at once, with the client's request still unread, would reset the
    /// connection and could destroy the answer before the client reads it.
    static func refuse(with error: ServerError, _ context: ChannelHandlerContext) {
        var answer = error
        answer.uuid = answer.uuid ?? RequestID.make()
        let body = (try? JSONResponse.encoder().encode(answer)) ?? Data(#"{"serverErrorCode":"\#(answer.serverErrorCode.rawValue)"}"#.utf8)
        let head = HTTPResponse(
            status: HTTPResponse.Status(code: answer.httpStatus),
            headerFields: [.contentType: "application/json; charset=utf-8", .contentLength: "\(body.count)", .connection: "close"])
        let channel = context.channel
        context.write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPResponsePart.body(channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPResponsePart.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: lingering) { channel.close(promise: nil) }
        }
    }
}
