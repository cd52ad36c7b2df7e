import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP request over a plain socket, from the calling thread: for a test that must not need Swift's
/// concurrency pool to talk to a server.
enum RawHTTP {
    /// The whole answer to `GET path` from 127.0.0.1:`port`, or `nil` when the connection failed or went
    /// `timeout` seconds without a byte.
    static func get(_ path: String, port: Int, timeout: Int) -> String? {
        #if canImport(Glibc)
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let connection = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard connection >= 0 else { return nil }
        defer { close(connection) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(connection, request, request.count, 0) == request.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: answer, as: UTF8.self) }
            guard count > 0 else { return nil }
            answer += buffer[0..<count]
        }
    }
}
