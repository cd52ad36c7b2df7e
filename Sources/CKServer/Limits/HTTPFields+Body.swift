import HTTPTypes

extension HTTPFields {
    /// The body length a request's `Content-Length` declares; `nil` without one (or with one that is no number).
    var declaredBodyLength: Int? {
        self[.contentLength].flatMap { Int($0) }
    }

    /// Whether a request with these headers sends a body: a `Content-Length` above zero, or one in chunks.
    var announcesBody: Bool {
        self[.transferEncoding] != nil || (declaredBodyLength ?? 0) > 0
    }
}
