import Foundation

/// A server's whole answer to one request.
public struct TransportResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header names and values, in order.
    public var headers: [(name: String, value: String)]
    /// The body's bytes.
    public var body: [UInt8]

    /// Creates a response.
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: Header names and values.
    ///   - body: The body's bytes.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.value(named: name)
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
