import Foundation

/// One HTTP request as a transport sends it: fully built, authenticated and signed.
public struct TransportRequest: Sendable {
    /// GET or POST.
    public var method: HTTPMethod
    /// The absolute URL, query string included.
    public var url: String
    /// Header names and values, in order.
    public var headers: [(name: String, value: String)]
    /// The body's bytes; empty for GET.
    public var body: [UInt8]
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    /// - Parameters:
    ///   - method: GET or POST.
    ///   - url: The absolute URL, query string included.
    ///   - headers: Header names and values.
    ///   - body: The body's bytes.
    ///   - timeout: How long the whole exchange may take.
    public init(method: HTTPMethod, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [], timeout: Duration = .seconds(60)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the first header named `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.value(named: name)
    }
}
