import Foundation
import Logging
import NIOConcurrencyHelpers

/// The web auth token a request hands back, and the write that makes it the sign-in's current one: made by the
/// request's save at the end of the save's own transaction when there is one (`making`), on its own
/// once the request's answer is made otherwise (`handBack`). A request that fails before rotates nothing, and its
/// token stays current.
final class WebAuthTokenHandOver: Sendable {
    /// The token handed back once the rotation is made.
    private let successor: String
    /// The token presented, whose key opens the successor another request stored first.
    private let presented: String
    /// The rotation to make; `nil` when the presented token was rotated before and `successor` is its successor.
    private let rotation: WebAuthTokenRotation?
    private let storage: any ServerStorage
    private let state = NIOLockedValueBox(State.waiting)

    private enum State {
        /// No write has taken the rotation yet, or the one that took it was undone or failed.
        case waiting
        /// A write took it and has not said how it went.
        case claimed
        /// A write made it (`true`), or found the presented token no longer current (`false`).
        case settled(Bool)
    }

    private static let logger = Logger(label: "ckserver")

    /// The hand-over of `successor`, rotated in by `rotation` (`nil`: rotated in already) from `presented`.
    init(successor: String, presented: String, rotation: WebAuthTokenRotation?, storage: any ServerStorage) {
        self.successor = successor
        self.presented = presented
        self.rotation = rotation
        self.storage = storage
    }

    /// The rotation, made at `now`, for the first write that makes it in its own transaction (`making`); `nil` when
    /// there is none to make or a write took it already.
    func claim(now: Date = Date()) -> WebAuthTokenRotation? {
        guard var rotation else { return nil }
        rotation.at = now
        return state.withLockedValue { state in
            guard case .waiting = state else { return nil }
            state = .claimed
            return rotation
        }
    }

    /// How the claimed rotation went: `true` made, `false` the presented token was no longer current (another
    /// request rotated it first) or expired, `nil` not made (its write's batch was undone, or the write failed):
    /// it is then made on its own.
    private func settle(_ rotated: Bool?) {
        state.withLockedValue { $0 = rotated.map(State.settled) ?? .waiting }
    }

    /// Runs `write` with the rotation to make in its transaction (`nil` when there is none, or a write took it
    /// already), and keeps how it went: what `write` says it did, nothing when it throws.
    func making<Value>(_ write: (WebAuthTokenRotation?) async throws -> (Value, rotated: Bool?)) async throws -> Value {
        let rotation = claim()
        do {
            let (value, rotated) = try await write(rotation)
            if rotation != nil { settle(rotated) }
            return value
        } catch {
            if rotation != nil { settle(nil) }
            throw error
        }
    }

    /// The token to hand back, the rotation made now (at `now`) if no write made it; `nil` when the sign-in has none
    /// to give any more (it was revoked or expired, or a newer token replaced the presented one, before the
    /// rotation was made) or storage failed: the answer then carries no token.
    func handBack(now: Date = Date()) async -> String? {
        guard var rotation else { return successor }
        rotation.at = now
        do {
            let rotated: Bool
            switch state.withLockedValue({ $0 }) {
            case .settled(let outcome): rotated = outcome
            case .waiting, .claimed: rotated = try await storage.rotateWebAuthToken(rotation)
            }
            return rotated ? successor : try await storedFirst(rotation.presentedHash, now: now)
        } catch {
            Self.logger.warning("a web auth token's successor could not be handed back: \(error)")
            return nil
        }
    }

    /// The successor another request with the presented token stored first.
    private func storedFirst(_ presentedHash: String, now: Date) async throws -> String? {
        try await storage.webAuthToken(presentedHash: presentedHash, now: now)?.sealedSuccessor.flatMap { SuccessorSeal.open($0, with: presented) }
    }
}
