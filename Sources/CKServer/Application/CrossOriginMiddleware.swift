import HTTPTypes
import Hummingbird

/// Lets web pages on any origin call the server, as CloudKit JS does from a browser: preflight `OPTIONS`
/// requests are answered at once, and every response names the caller's origin and exposes the rotated
/// web auth token header, which a script could not read otherwise.
struct CrossOriginMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The headers a browser may send: CloudKit's own and what clients add.
    static let allowedHeaders = [
        "Content-Type", "Authorization", "Accept", "Origin", "X-Requested-With",
        "X-Apple-CloudKit-Request-KeyID", "X-Apple-CloudKit-Request-ISO8601Date", "X-Apple-CloudKit-Request-SignatureV1",
        "X-Apple-CloudKit-Web-Auth-Token", "X-CKServer-Act-As",
    ].joined(separator: ", ")

    /// The response headers a script may read.
    static let exposedHeaders = "X-Apple-CloudKit-Web-Auth-Token, X-Apple-Request-UUID"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else {
            return try await next(request, context)
        }
        var response: Response
        if request.method == .options {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, POST, OPTIONS"
            response.headers[.accessControlAllowHeaders] = request.headers[.accessControlRequestHeaders] ?? Self.allowedHeaders
            response.headers[.accessControlMaxAge] = "600"
        } else {
            response = try await next(request, context)
        }
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        response.headers[values: .vary].append("Origin")
        return response
    }
}
