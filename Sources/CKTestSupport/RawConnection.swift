import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for tests that send a server what no HTTP client would: a header never
/// finished, a body promised and never sent, bytes that are not HTTP. Its calls block their thread; run them
/// through `BlockingCall` from a test task.
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`; a read waits at most `timeout` seconds for a byte.
    public init(port: Int, timeout: Int = 10) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw SpawnedProcess.Failure(description: "no socket: errno \(errno)") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw SpawnedProcess.Failure(description: "cannot connect to port \(port): errno \(errno)")
        }
    }

    deinit {
        close(socket)
    }

    /// Says nothing more will be sent (a half close), and goes on reading.
    public func finishSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// Closes the connection from this side, as a client that hangs up; the descriptor stays until `deinit`.
    public func hangUp() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Sends `bytes`; `false` when the server closed the connection first.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Sends `text` as UTF-8.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Everything the server sends until it closes the connection; `nil` when it sent nothing for the timeout
    /// and kept the connection open.
    public func readToEnd() -> String? {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: answer, as: UTF8.self) }
            if count < 0 { return errno == ECONNRESET ? String(decoding: answer, as: UTF8.self) : nil }
            answer += buffer[0..<count]
        }
    }

    /// The first answer's bytes once its head and as much body as `Content-Length` says have come, without
    /// waiting for the connection to close; `nil` when they did not come within the timeout.
    public func readAnswer() -> String? {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let text = String(decoding: answer, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { return text }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return answer.isEmpty ? nil : text }
            guard count > 0 else { return nil }
            answer += buffer[0..<count]
        }
    }
}
