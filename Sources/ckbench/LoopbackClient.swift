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

    /// Sends a request on an idle connection, or a new one.
    func send(_ method: String, _ target: String, headers: [(String, String)], body: [UInt8]?) throws -> LoopbackConnection.Answer {
        let connection = try idle.withLock { $0.popLast() } ?? LoopbackConnection(port: port)
        let answer = try connection.send(method, target, headers: headers, body: body)
        idle.withLock { $0.append(connection) }
        return answer
    }
}
