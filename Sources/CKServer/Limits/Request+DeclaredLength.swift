import Hummingbird

extension Request {
    /// The body length the request's `Content-Length` declares; `nil` without one (or with one that is no number).
    var declaredBodyLength: Int? {
        headers[.contentLength].flatMap { Int($0) }
    }
}
