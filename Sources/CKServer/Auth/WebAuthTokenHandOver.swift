import Foundation
import NIOConcurrencyHelpers

/// The web auth token a request hands back, and the write that makes it the sign-in's current one: made by the
/// request's save in the save's own transaction when there is one (`claim`, `settle`), on its own once the
/// request is answered otherwise (`handedBack`). A request that fails rotates nothing, and its token stays current.
final class WebAuthTokenHandOver: Sendable {
    /// The token handed back once the rotation is made.
    private let successor: String
    /// The token presented, whose key opens the successor another request stored first.
    private let presented: String
    /// The rotation to make; `nil` when the presented token was rotated before and `successor` is its successor.
    private let rotation: WebAuthTokenRotation?
    private let storage: any ServerStorage
    private let now: Date
    private let state = NIOLockedValueBox(State.waiting)

    private enum State {
        /// No write has taken the rotation yet.
        case waiting
        /// A write took it and has not said how it went (it failed).
        case claimed
        /// A write made it (`true`), or found the presented token no longer current (`false`).
        case settled(Bool)
    }

    /// The hand-over of `successor`, rotated in by `rotation` (`nil`: rotated in already) from `presented`.
    init(successor: String, presented: String, rotation: WebAuthTokenRotation?, storage: any ServerStorage, now: Date) {
        self.successor = successor
        self.presented = presented
        self.rotation = rotation
        self.storage = storage
        self.now = now
    }

    /// The rotation, for the first write that makes it in its own transaction; `nil` when there is none to make or
    /// a write took it already. The write then says how it went with `settle`.
    func claim() -> WebAuthTokenRotation? {
        guard let rotation else { return nil }
        return state.withLockedValue { state in
            guard case .waiting = state else { return nil }
            state = .claimed
            return rotation
        }
    }

    /// How the claimed rotation went: `true` made, `false` the presented token was no longer current (another
    /// request rotated it first), `nil` undone with its write's transaction (it is then made on its own).
    func settle(_ rotated: Bool?) {
        state.withLockedValue { $0 = rotated.map(State.settled) ?? .waiting }
    }

    /// The token to hand back, the rotation made now if no write made it; `nil` when the sign-in has none to give
    /// any more (it was revoked, or a newer token replaced the presented one, while the request ran): the answer
    /// then carries no token, and the next request with the presented one is refused.
    func handedBack() async -> String? {
        guard let rotation else { return successor }
        let outcome: Bool?
        switch state.withLockedValue({ $0 }) {
        case .settled(let rotated): outcome = rotated
        case .waiting, .claimed: outcome = try? await storage.rotateWebAuthToken(rotation)
        }
        switch outcome {
        case true?: return successor
        case false?: return await storedFirst(rotation.presentedHash)
        case nil: return nil
        }
    }

    /// The successor another request with the presented token stored first.
    private func storedFirst(_ presentedHash: String) async -> String? {
        guard let rotatedFirst = try? await storage.webAuthToken(presentedHash: presentedHash, now: now), let sealed = rotatedFirst.sealedSuccessor else {
            return nil
        }
        return SuccessorSeal.open(sealed, with: presented)
    }
}
