import CKModel
import Foundation

/// Push tokens and the notifications queued for them until a client takes them. One concern of `ServerStorage`.
public protocol NotificationStorage: Sendable {
    /// Stores a push token created for a user, seen at `now`.
    func createPushToken(_ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment, now: Date) async throws

    /// Registers a push token for its owner's subscriptions, seen at `now`; `false` if the token is not the owner's.
    func registerPushToken(_ token: String, for owner: String, in container: ContainerID, now: Date) async throws -> Bool

    /// The registered push tokens of a user in a container environment seen since `date`.
    func pushTokens(of owner: String, in container: ContainerID, environment: ContainerEnvironment, seenSince date: Date) async throws -> [String]

    /// Forgets the push tokens not seen since `date`, with their queued notifications.
    func deletePushTokens(seenBefore date: Date) async throws

    /// Queues notification payloads (JSON text) for push tokens, kept until they are delivered; a token's queue
    /// keeps its `limit` newest, and the oldest it keeps is marked pruned: it stands for the ones dropped before it.
    func enqueueNotifications(_ notifications: [(token: String, payload: String)], keepingAtMost limit: Int) async throws

    /// Takes the oldest notification queued for a token, if any: it is removed as it is handed over, with whether
    /// it was marked pruned.
    func takeNotification(for token: String) async throws -> (payload: String, pruned: Bool)?

    /// Marks a push token seen at `now` if it exists and was seen since `date`; `false` when it does not or was not.
    func markPushTokenSeen(_ token: String, now: Date, seenSince date: Date) async throws -> Bool

    /// Calls `wake` with the push token of every notification queued from now on by any server sharing the
    /// storage, until the calling task is cancelled, so that a courier waiting on this server answers at once.
    /// Returns at once for an engine whose servers share no such channel (SQLite): their couriers read the queue
    /// again every `courierRecheck`.
    func listenForQueuedNotifications(_ wake: @escaping @Sendable (String) -> Void) async throws
}
