import CKTestSupport

/// An HTTP request over a plain socket, from the calling thread: for a test that must not need Swift's
/// concurrency pool to talk to a server.
enum RawHTTP {
    /// The whole answer to `GET path` from 127.0.0.1:`port`, or `nil` when the connection failed or went
    /// `timeout` seconds without a byte.
    static func get(_ path: String, port: Int, timeout: Int) -> String? {
        guard let connection = try? RawConnection(port: port, timeout: timeout),
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        else { return nil }
        return connection.readToEnd()
    }
}
