import AsyncHTTPClient
import CKModel
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
        guard !bytes.withUnsafeReadableBytes({ Self.contains($0, Self.errorMarker) }) else {
            throw BenchmarkError("\(operation) failed: \(String(buffer: bytes).prefix(300))")
        }
    }

    /// Posts `body` to `/database/1/<container>/development/<database>/<operation>` and returns the parsed answer.
    func post(_ operation: String, database: String = "public", body: Data) async throws -> JSONValue {
        let bytes = try await send(operation, database: database, body: body)
        do {
            return try JSONParser.parse(bytes.readableBytesView)
        } catch {
            throw BenchmarkError("\(operation) answered \(String(buffer: bytes).prefix(300)): \(error)")
        }
    }

    /// The key every failed item of a response carries.
    private static let errorMarker = Array("serverErrorCode".utf8)

    /// Whether `needle` occurs in `haystack`: a plain scan over contiguous bytes.
    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, (1..<needle.count).allSatisfy({ haystack[index + $0] == needle[$0] }) {
                return true
            }
            index += 1
        }
        return false
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
