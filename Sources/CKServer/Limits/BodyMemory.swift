import CKModel
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Reads request bodies within their cap, their deadline, and what all bodies in flight may hold together.
///
/// A body declared larger than its cap is refused from its `Content-Length` without reading a byte, and one sent
/// in chunks as soon as it passes the cap; one that has not all arrived within its deadline (`BodyDeadline`) is
/// refused too, so a client sending a byte now and then cannot keep its memory. Each read reserves its declared
/// length (its cap for a chunked body, nothing for a request without one) until the work on it ends; a read that
/// would pass the total is answered `TRY_AGAIN_LATER`.
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
        try await read(request, upTo: limit, admitting: {}) { _, bytes in try await use(bytes) }
    }

    /// Reserves the memory of `request`'s body, runs `admit` (a check that should cost nothing when the body cannot
    /// be read now, such as taking an upload URL), then reads the body (at most `limit` bytes) and runs `use` with
    /// what `admit` gave and the body, while its memory stays reserved.
    func read<Admitted, Value>(
        _ request: Request, upTo limit: Int, admitting admit: () async throws -> Admitted, _ use: (Admitted, [UInt8]) async throws -> Value
    ) async throws -> Value {
        let size = try Self.reservation(for: request, upTo: limit)
        try reserve(size)
        defer { reserved.withLockedValue { $0 -= size } }
        let admitted = try await admit()
        // A request without a body has nothing to wait for.
        let bytes = request.headers.announcesBody ? try await collect(request, upTo: limit) : []
        return try await use(admitted, bytes)
    }

    /// What a body must reserve: its declared length, its cap when it comes in chunks, nothing when it has none.
    private static func reservation(for request: Request, upTo limit: Int) throws -> Int {
        if let declared = request.headers.declaredBodyLength {
            guard declared <= limit else { throw tooLarge(limit) }
            return declared
        }
        return request.headers[.transferEncoding] == nil ? 0 : limit
    }

    /// Takes `size` bytes of the capacity, or refuses the request when they are not there.
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

    /// The body's bytes; one that passes `limit`, misses the deadline (which `BodyDeadline` keeps on the
    /// connection) or cannot be read (a malformed chunk) is refused with CloudKit's error.
    private func collect(_ request: Request, upTo limit: Int) async throws -> [UInt8] {
        do {
            return Array(try await request.body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge(limit)
        } catch let expired as BodyDeadline.Expired {
            throw ServerError(.badRequest, reason: "the request body did not arrive within \(expired.deadline); it was not read")
        } catch let error as ServerError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ServerError(.badRequest, reason: "the request body could not be read: \(error)")
        }
    }

    /// The refusal of a body past its cap.
    private static func tooLarge(_ limit: Int) -> ServerError {
        ServerError(.quotaExceeded, reason: "the request body is larger than the \(limit) bytes this endpoint accepts; send fewer items per request")
    }
}
