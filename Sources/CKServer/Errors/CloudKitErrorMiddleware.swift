import CKModel
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every failure into CloudKit's error JSON with the code's HTTP status, so a client never sees an
/// HTML page or a stack trace: `ServerError`s as they are, unknown routes as `NOT_FOUND`, anything else as
/// `INTERNAL_ERROR` (logged with its details, which the response does not carry). An error answer to a request
/// whose body is declared larger than `drainLimit` closes the connection (`RefusalClose`): that body may never
/// have been read, and reading it to its end only to discard it is the server's work for nothing; a smaller one
/// (or one sent in chunks, which holds no memory either) is read past, and the connection kept.
struct CloudKitErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The largest unread body an error answer leaves the connection open for.
    let drainLimit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await answer(request, context: context, next: next)
        if response.status.code >= 400, (request.headers.declaredBodyLength ?? 0) > drainLimit {
            response.headers[.connection] = "close"
        }
        return response
    }

    private func answer(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            return try Self.response(for: error)
        } catch let error as HTTPError where error.status == .notFound {
            return try Self.response(for: ServerError(.notFound, reason: "could not find handler for endpoint"))
        } catch let error as HTTPError where error.status == .methodNotAllowed {
            return try Self.response(for: ServerError(.badRequest, reason: "\(request.method) is not allowed here"))
        } catch {
            let uuid = Self.requestID
            context.logger.error("request \(uuid) failed: \(String(reflecting: error))")
            return try Self.response(for: ServerError(.internalError, reason: "the server failed; see its log for request \(uuid)", uuid: uuid))
        }
    }

    /// The ID of the request being answered: the request log's, when it keeps the request.
    private static var requestID: String {
        RequestLogNote.current?.requestID ?? RequestID.make()
    }

    /// `error`'s answer, carrying the request's ID as its `uuid`; the request log notes the error.
    static func response(for error: ServerError) throws -> Response {
        var error = error
        error.uuid = error.uuid ?? requestID
        RequestLogNote.current?.note { [error] in $0.error = error }
        return try JSONResponse.make(error, status: HTTPResponse.Status(code: error.httpStatus))
    }
}
