import Foundation
import Synchronization

/// Keep-alive connections to one benchmark server, a connection per request in flight: each concurrent client of
/// a scenario takes one, and gives it back when its answer is read.
final class LoopbackClient: Sendable {
    private let port: Int
    private let idle = Mutex<[LoopbackConnection]>([])

    /// Connects to the server at `url` (`http://127.0.0.1:PORT`) as requests need.
    init(url: String) throws {
        guard let port = URL(string: url)?.port else { throw BenchmarkError("the server's URL \(url) names no port") }
        self.port = port
    }

    /// Sends a request on an idle connection, or on a new one when there is none or the server had closed it
    /// (it closes connections idle for a while, as during the benchmark's loading of a million records).
    func send(_ method: String, _ target: String, headers: [(String, String)], body: [UInt8]?) throws -> LoopbackConnection.Answer {
        var connection = try idle.withLock { $0.popLast() } ?? LoopbackConnection(port: port)
        let answer: LoopbackConnection.Answer
        do {
            answer = try connection.send(method, target, headers: headers, body: body)
        } catch is LoopbackConnection.Closed {
            connection = try LoopbackConnection(port: port)
            answer = try connection.send(method, target, headers: headers, body: body)
        }
        if !answer.closes {
            idle.withLock { $0.append(connection) }
        }
        return answer
    }
}
