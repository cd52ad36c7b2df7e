import CKModel
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Reads request bodies within their cap and within what all bodies in flight may hold together.
///
/// A body declared larger than its cap is refused from its `Content-Length` without reading a byte, and one sent
/// in chunks as soon as it passes the cap. Each read reserves its declared length (its cap when none is declared)
/// until the work on it ends; a read that would pass the total is answered `TRY_AGAIN_LATER`.
public final class BodyMemory: Sendable {
    /// The bytes all reservations may hold together.
    public let capacity: Int
    private let reserved = NIOLockedValueBox(0)

    /// Creates an empty allowance of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The bytes reserved by the reads in progress.
    public var inUse: Int { reserved.withLockedValue { $0 } }

    /// Reads `request`'s body (at most `limit` bytes) and runs `use` with it while its memory stays reserved.
    func read<Value>(_ request: Request, upTo limit: Int, _ use: ([UInt8]) async throws -> Value) async throws -> Value {
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limit {
            throw Self.tooLarge(limit)
        }
        let size = declared ?? limit
        try reserve(size)
        defer { reserved.withLockedValue { $0 -= size } }
        return try await use(try await Self.collect(request, upTo: limit))
    }

    private func reserve(_ size: Int) throws {
        let granted = reserved.withLockedValue { total in
            guard total + size <= capacity else { return false }
            total += size
            return true
        }
        guard granted else {
            throw ServerError(.tryAgainLater, reason: "the server is reading too many request bodies at once; try again shortly", retryAfter: 1)
        }
    }

    /// The body's bytes; one that passes `limit` or cannot be read (a malformed chunk) is refused with CloudKit's error.
    private static func collect(_ request: Request, upTo limit: Int) async throws -> [UInt8] {
        do {
            return Array(try await request.body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge(limit)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ServerError(.badRequest, reason: "the request body could not be read: \(error)")
        }
    }

    private static func tooLarge(_ limit: Int) -> ServerError {
        ServerError(.quotaExceeded, reason: "the request body is larger than the \(limit) bytes this endpoint accepts; send fewer items per request")
    }
}
