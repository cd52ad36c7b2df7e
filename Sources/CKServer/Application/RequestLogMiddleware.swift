import Foundation
import Hummingbird
import Logging

/// Logs one line per request at info level: method, path, status and time taken.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.timeInterval * 1000
        context.logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds))ms")
        return response
    }
}
