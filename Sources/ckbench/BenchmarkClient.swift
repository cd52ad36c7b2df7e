import CKModel
import Foundation
import NIOCore

/// Posts JSON to the benchmark's server as the developer (management token), optionally acting as a user, or as
/// a signed-in user (API token and rotating web auth token).
struct BenchmarkClient {
    let server: LoopbackClient
    /// `/database/1/<container>/<environment>`.
    let basePath: String
    let managementToken: String
    var actingAs: String?
    /// When set, requests go as this user instead of with the management token.
    var signedIn: SignedInUser?

    /// Posts `body` and checks that every item succeeded, without parsing the answer: for throughput figures
    /// that measure the server rather than this client's JSON parsing.
    func postExpectingSuccess(_ operation: String, database: String = "public", body: Data) async throws {
        let bytes = try await send(operation, database: database, body: body)
        guard !bytes.withUnsafeReadableBytes({ Self.contains($0, Self.errorMarker) }) else {
            throw BenchmarkError("\(operation) failed: \(String(buffer: bytes).prefix(300))")
        }
    }

    /// Sends `operation` with GET (as `users/current` is sent) and checks that it succeeded, without parsing the answer.
    func getExpectingSuccess(_ operation: String, database: String = "public") async throws {
        _ = try await send(operation, database: database, body: nil)
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

    /// Posts a request for a page of records and reads its answer by scanning, not parsing: how many records
    /// came, the value of the key `next` (`syncToken`, `continuationMarker`) for the next page, and whether more
    /// are coming.
    func postPage(_ operation: String, database: String = "public", body: Data, next key: String) async throws
        -> (records: Int, next: String?, moreComing: Bool)
    {
        let bytes = try await send(operation, database: database, body: body)
        let nextMarker = Array("\"\(key)\":\"".utf8)
        return bytes.withUnsafeReadableBytes { answer in
            var records = 0
            var offset = 0
            while let found = ByteSearch.firstOffset(of: Self.recordMarker, in: answer, from: offset) {
                records += 1
                offset = found + Self.recordMarker.count
            }
            let next = ByteSearch.firstOffset(of: nextMarker, in: answer).map { start -> String in
                let from = start + nextMarker.count
                let end = ByteSearch.firstOffset(of: [UInt8(ascii: "\"")], in: answer, from: from) ?? answer.count
                return String(decoding: answer[from..<end], as: UTF8.self)
            }
            return (records, next, ByteSearch.firstOffset(of: Self.moreComingMarker, in: answer) != nil)
        }
    }

    /// The key every failed item of a response carries.
    private static let errorMarker = Array("serverErrorCode".utf8)
    /// The key every live record of an answer carries once.
    private static let recordMarker = Array(#""recordChangeTag":"#.utf8)
    private static let moreComingMarker = Array(#""moreComing":true"#.utf8)

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        ByteSearch.firstOffset(of: needle, in: haystack) != nil
    }

    /// Sends `operation` with `body` (POST), or without one (GET). The exchange blocks the task's thread, as a
    /// load generator's do: two clients at once need two threads of the concurrency pool, one per core.
    private func send(_ operation: String, database: String, body: Data?) async throws -> ByteBuffer {
        var headers = [("Content-Type", "application/json")]
        if signedIn == nil {
            headers.append(("Authorization", "Bearer \(managementToken)"))
        }
        if let actingAs {
            headers.append(("X-CKServer-Act-As", actingAs))
        }
        let answer = try server.send(
            body == nil ? "GET" : "POST", "\(basePath)/\(database)/\(operation)\(signedIn?.query ?? "")", headers: headers, body: body.map(Array.init))
        if let successor = answer.headers["x-apple-cloudkit-web-auth-token"] {
            signedIn?.keep(successor)
        }
        guard answer.status == 200 else {
            throw BenchmarkError("\(operation) answered \(answer.status): \(String(buffer: answer.body).prefix(300))")
        }
        return answer.body
    }
}

/// A benchmark that could not run as planned.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
