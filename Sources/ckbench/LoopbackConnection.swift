import CKModel
import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One keep-alive HTTP/1.1 connection to the benchmark's server on loopback, written and read with blocking
/// socket calls on the calling thread: the load generator costs a system call each way and a copy of the answer,
/// so that a figure measures the server, as wrk would, rather than an HTTP client's machinery.
final class LoopbackConnection: @unchecked Sendable {
    /// An answer: its status, the headers ckbench reads (lowercased names), and its body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: ByteBuffer

        /// Whether the server closes the connection after this answer.
        var closes: Bool { headers["connection"]?.lowercased() == "close" }
    }

    /// The server had closed the connection before the request reached it (it closes connections left idle):
    /// nothing of the request was done, and it can be sent again on a new connection.
    struct Closed: Error {}

    private let socket: Int32
    private let host: String
    /// Bytes received and not yet taken by an answer.
    private var received: [UInt8] = []
    /// Where `receive` reads to.
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    /// Connects to `port` on 127.0.0.1.
    init(port: Int) throws {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw BenchmarkError("cannot open a socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(socket)
            throw BenchmarkError("cannot connect to 127.0.0.1:\(port): errno \(failure)")
        }
        var on: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        // A server that stops answering fails the benchmark instead of hanging it.
        var patience = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        self.socket = socket
        host = "127.0.0.1:\(port)"
    }

    deinit {
        close(socket)
    }

    /// Sends `method` to `target` (a path with its query) with `headers` and `body`, and reads the answer; throws
    /// `Closed` when the server had closed the connection before the request.
    func send(_ method: String, _ target: String, headers: [(String, String)], body: [UInt8]?) throws -> Answer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + (body ?? []))
        return try readAnswer()
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else {
                guard sent > 0 || (errno != EPIPE && errno != ECONNRESET) else { throw Closed() }
                throw BenchmarkError("the server closed the connection while a request was sent (errno \(errno))")
            }
            sent += written
        }
    }

    /// Reads more bytes into `received`; fails when the server closed the connection (`Closed` when it had
    /// sent nothing of the answer: it closed the idle connection before the request came).
    private func receive(answerStarted: Bool) throws {
        let count = scratch.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
        guard count > 0 else {
            if count == 0 || errno == ECONNRESET, !answerStarted { throw Closed() }
            throw BenchmarkError(count == 0 ? "the server closed the connection in the middle of an answer" : "no answer (errno \(errno))")
        }
        received.append(contentsOf: scratch[..<count])
    }

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lineEnd: [UInt8] = Array("\r\n".utf8)

    private func readAnswer() throws -> Answer {
        let lines = try text(endingAt: Self.headEnd, answerStarted: false).split(separator: "\r\n")
        guard let statusLine = lines.first, let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw BenchmarkError("the server's answer has no status line")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = ByteBuffer()
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            try take(length, into: &body)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let size = try chunkSize()
                try take(size, into: &body)
                try skip(Self.lineEnd.count)
                if size == 0 { break }
            }
        }
        return Answer(status: status, headers: headers, body: body)
    }

    /// The answer's text up to `separator` (the head's end, a chunk line's end), both consumed, read from the
    /// socket as far as needed; `answerStarted`: bytes of this answer came before.
    private func text(endingAt separator: [UInt8], answerStarted: Bool) throws -> String {
        while true {
            if let end = received.withUnsafeBytes({ ByteSearch.firstOffset(of: separator, in: $0) }) {
                let text = String(decoding: received[..<end], as: UTF8.self)
                received.removeFirst(end + separator.count)
                return text
            }
            try receive(answerStarted: answerStarted || !received.isEmpty)
        }
    }

    /// The size at the start of a chunk, its line consumed.
    private func chunkSize() throws -> Int {
        let line = try text(endingAt: Self.lineEnd, answerStarted: true)
        guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else { throw BenchmarkError("a chunk's size cannot be read: \(line)") }
        return size
    }

    /// Moves the next `count` bytes of the answer into `body`: those received already, then the rest straight
    /// from the socket.
    private func take(_ count: Int, into body: inout ByteBuffer) throws {
        let buffered = min(count, received.count)
        body.writeBytes(received[..<buffered])
        received.removeFirst(buffered)
        var left = count - buffered
        while left > 0 {
            let read = try body.writeWithUnsafeMutableBytes(minimumWritableBytes: left) { free in
                let read = recv(socket, free.baseAddress!, left, 0)
                guard read > 0 else { throw BenchmarkError("the server closed the connection in the middle of an answer") }
                return read
            }
            left -= read
        }
    }

    /// Drops the next `count` bytes (a chunk's line end).
    private func skip(_ count: Int) throws {
        var dropped = ByteBuffer()
        try take(count, into: &dropped)
    }
}
