import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Posts JSON to the benchmark's server as the developer (management token), optionally acting as a user.
struct BenchmarkClient {
    let http: HTTPClient
    let baseURL: String
    let managementToken: String
    var actingAs: String?

    /// Posts `body` and checks that every item succeeded, without parsing the answer: for throughput figures
    /// that measure the server rather than this client's JSON parsing.
    func postExpectingSuccess(_ operation: String, database: String = "public", body: Data) async throws {
        let bytes = try await send(operation, database: database, body: body)
        guard bytes.readableBytesView.firstRange(of: Array("serverErrorCode".utf8)) == nil else {
            throw BenchmarkError("\(operation) failed: \(String(buffer: bytes).prefix(300))")
        }
    }

    /// Posts `body` to `/database/1/<container>/development/<database>/<operation>` and returns the JSON object.
    func post(_ operation: String, database: String = "public", body: Data) async throws -> [String: Any] {
        let bytes = try await send(operation, database: database, body: body)
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [String: Any] else {
            throw BenchmarkError("\(operation) answered \(String(buffer: bytes).prefix(300))")
        }
        return object
    }

    private func send(_ operation: String, database: String, body: Data) async throws -> ByteBuffer {
        var request = HTTPClientRequest(url: "\(baseURL)/\(database)/\(operation)")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(managementToken)")
        request.headers.add(name: "Content-Type", value: "application/json")
        if let actingAs {
            request.headers.add(name: "X-CKServer-Act-As", value: actingAs)
        }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await http.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 256 * 1024 * 1024)
        guard response.status == .ok else {
            throw BenchmarkError("\(operation) answered \(response.status): \(String(buffer: bytes).prefix(300))")
        }
        return bytes
    }
}

/// A benchmark that could not run as planned.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
