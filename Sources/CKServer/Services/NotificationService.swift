import CKModel
import CKSchema
import Foundation
import ServiceLifecycle

/// Push tokens, the notifications of subscriptions, and their delivery through the long-poll courier.
///
/// A record saved or deleted is matched against the subscriptions of its database before the save answers; each
/// match queues one notification in CloudKit's payload shape (`aps` and `ck.qry` or `ck.fet`) for every
/// registered token of the subscription's owner, after the save has answered. Queued notifications stay until a courier request takes them,
/// so a client that was not polling misses nothing, up to `ServerLimits.notificationsPerToken` a token: past it
/// the oldest are dropped, coalesced into the oldest kept, which says so (`ck.p`: pruned) as CloudKit does. A
/// token nobody has created, registered or polled for `pushTokenIdleLifetime` is forgotten with its queue.
public struct NotificationService: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration
    let bell: CourierBell
    let deliveries: NotificationDeliveries
    /// Counts the notifications saves fire into telemetry, when the server keeps it.
    var telemetry: TelemetryRecorder?

    /// Creates the service; `bell` and `deliveries` must be the ones every other instance of the server uses.
    public init(storage: any ServerStorage, configuration: ServerConfiguration, bell: CourierBell, deliveries: NotificationDeliveries) {
        self.storage = storage
        self.configuration = configuration
        self.bell = bell
        self.deliveries = deliveries
    }

    /// The services' own bell and deliveries.
    public init(services: ServerServices) {
        self.init(storage: services.storage, configuration: services.configuration, bell: services.courierBell, deliveries: services.notificationDeliveries)
        telemetry = services.requestLog?.telemetry
    }

    /// The earliest a push token must have been seen to be alive at `now`.
    private func livingSince(_ now: Date = Date()) -> Date {
        now.addingTimeInterval(-configuration.pushTokenIdleLifetime.timeInterval)
    }

    /// `tokens/create`: a new push token for the signed-in user and the URL to long-poll for it.
    public func createToken(_ request: Tokens.CreateRequest, access: DatabaseAccess, serverURL: String) async throws -> Tokens.CreateResponse {
        try access.requireWriter()
        let user = try access.requireUser()
        let bytes = SecretGenerator.randomBytes(32)
        let token = Data(bytes).base64EncodedString()
        try await storage.createPushToken(token, for: user.userRecordName, in: access.container.id, environment: access.environment, now: Date())
        return Tokens.CreateResponse(
            apnsEnvironment: request.apnsEnvironment ?? access.environment.rawValue, apnsToken: token,
            webcourierURL: "\(serverURL)/webcourier/\(SecretGenerator.hex(bytes))")
    }

    /// `tokens/register`: the token receives the notifications of the user's subscriptions from now on.
    public func registerToken(_ request: Tokens.RegisterRequest, access: DatabaseAccess) async throws {
        try access.requireWriter()
        let user = try access.requireUser()
        guard try await storage.registerPushToken(request.apnsToken, for: user.userRecordName, in: access.container.id, now: Date()) else {
            throw ServerError(.badRequest, reason: "the apnsToken was not created by tokens/create for this user")
        }
    }

    /// Waits up to the configured time for the next notification of the courier's token; `nil` when none came,
    /// or at once when the server begins to stop, so that a waiting courier never holds up its shutdown.
    public func poll(courier: String) async throws -> String? {
        guard let bytes = Self.bytes(hex: courier), case let token = Data(bytes).base64EncodedString(),
            try await storage.markPushTokenSeen(token, now: Date(), seenSince: livingSince())
        else {
            throw ServerError(.notFound, reason: "there is no push token for this webcourierURL")
        }
        let deadline = ContinuousClock.now + configuration.courierWait
        return try await withGracefulShutdownHandler {
            while true {
                if let (payload, pruned) = try await storage.takeNotification(for: token) {
                    return pruned ? Self.pruned(payload) : payload
                }
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero, !Task.isShuttingDownGracefully, !Task.isCancelled else { return nil }
                await bell.wait(for: token, upTo: min(remaining, configuration.courierRecheck))
            }
        } onGracefulShutdown: { [bell] in
            bell.ring([token])
        }
    }

    /// A record change: the record (before a delete, after a save) and CloudKit's reason number.
    struct RecordEvent {
        var record: StoredRecord
        /// 1 created, 2 updated, 3 deleted.
        var reason: Int
    }

    /// Matches these changes in `zone` against the subscriptions now, and queues the notifications they fire
    /// (one a push token, as many rows as tokens) after the save has answered, following the batches matched
    /// before. A failure is the delivery's, not the save's: the save has committed.
    func deliver(_ events: [RecordEvent], in zone: ZoneKey) async {
        guard let fired = try? await notifications(firedBy: events, in: zone), !fired.isEmpty else { return }
        telemetry?.countNotifications(fired.count, in: zone)
        await deliveries.deliver { try? await queue(fired) }
    }

    /// Queues notifications for their push tokens and wakes the polls waiting for them.
    private func queue(_ fired: [(token: String, payload: String)]) async throws {
        guard !fired.isEmpty else { return }
        if deliveries.isSweepDue() {
            try await storage.deletePushTokens(seenBefore: livingSince())
        }
        try await storage.enqueueNotifications(fired, keepingAtMost: configuration.limits.notificationsPerToken)
        bell.ring(Set(fired.map(\.token)))
    }

    /// The notifications, by push token, of the subscriptions these changes in `zone` match (a `firesOnce`
    /// subscription is deleted as it fires): its owner's, and in a shared zone those its participants made in
    /// their shared databases, for the records their shares cover. In the public database a subscription fires
    /// only for records its owner may read.
    private func notifications(firedBy events: [RecordEvent], in zone: ZoneKey) async throws -> [(token: String, payload: String)] {
        guard !events.isEmpty else { return [] }
        let candidates = try await subscriptions(watching: zone)
        guard !candidates.isEmpty else { return [] }
        let alive = livingSince()
        let schema = try await publicSchema(of: zone)
        var queued: [(token: String, payload: String)] = []
        var tokensByOwner: [String: [String]] = [:]
        var readersByOwner: [String: (StoredRecord) -> Bool] = [:]
        for (owner, subscription, seen) in candidates {
            // What the owner may read is worked out only for a subscription that matches: for a participant it
            // reads their shares.
            var matching = events.filter { Self.matches($0, subscription, zone: seen) }
            guard !matching.isEmpty else { continue }
            if readersByOwner[owner] == nil {
                readersByOwner[owner] = try await reader(owner, schema: schema, in: zone)
            }
            let readable = readersByOwner[owner] ?? { _ in false }
            matching = matching.filter { readable($0.record) }
            guard !matching.isEmpty else { continue }
            if subscription.firesOnce == true, let id = subscription.subscriptionID {
                var database = seen.databaseKey
                database.ownerRecordName = owner
                // Only the save that deletes it fires it: another one matched against it at the same time does not.
                guard try await storage.deleteSubscription(id, in: database) else { continue }
            }
            if tokensByOwner[owner] == nil {
                tokensByOwner[owner] = try await storage.pushTokens(of: owner, in: zone.container, environment: zone.environment, seenSince: alive)
            }
            for event in matching {
                let payload = Self.payload(for: event, subscription: subscription, zone: seen)
                queued += tokensByOwner[owner, default: []].map { ($0, payload) }
            }
        }
        return queued
    }

    /// The subscriptions that may fire for a change in `zone`, each with its owner and the zone as that owner's
    /// database sees it: the owner's own (every one in the public database), then, for a custom zone of a private
    /// database, other users' in their shared databases (the zone seen there, its owner named).
    private func subscriptions(watching zone: ZoneKey) async throws -> [(owner: String, subscription: Subscription, seen: ZoneKey)] {
        let own = try await storage.allSubscriptions(in: zone.container, environment: zone.environment, scope: zone.database)
            .filter { zone.database == .public || $0.owner == zone.ownerRecordName }
            .map { ($0.owner, $0.subscription, zone) }
        guard zone.database == .private, !zone.isDefaultZone else { return own }
        var seen = zone
        seen.database = .shared
        let participants = try await storage.allSubscriptions(in: zone.container, environment: zone.environment, scope: .shared)
            .filter { $0.owner != zone.ownerRecordName && ($0.subscription.zoneID.map { $0.ownerRecordName == zone.ownerRecordName } ?? true) }
            .map { ($0.owner, $0.subscription, seen) }
        return own + participants
    }

    /// The schema whose READ grants decide what public-database subscriptions see; `nil` for a private zone.
    private func publicSchema(of zone: ZoneKey) async throws -> Schema? {
        guard zone.database == .public else { return nil }
        return try await storage.schemas(of: zone.container).schema(of: zone.environment)
    }

    /// Which records a subscription's owner may read: all of their own private zone, what their accepted shares
    /// cover of another user's, and in the public database those the schema's READ grants give them (the
    /// developer reads everything).
    private func reader(_ owner: String, schema: Schema?, in zone: ZoneKey) async throws -> (StoredRecord) -> Bool {
        if zone.database == .private, owner != zone.ownerRecordName {
            guard let scope = try? await storage.shareScope(of: owner, in: zone) else { return { _ in false } }
            return { scope.contains($0.recordName) }
        }
        guard let schema else { return { _ in true } }
        let caller: Caller
        if let user = try await storage.user(recordName: owner, in: zone.container) {
            caller = .user(user)
        } else if try await storage.container(zone.container)?.developerRecordName == owner {
            caller = .developer(userRecordName: owner)
        } else {
            return { _ in false }
        }
        let policy = AccessPolicy(caller: caller)
        return { policy.allows(.read, on: schema.recordType(named: $0.recordType), creator: $0.created.userRecordName) }
    }

    static func matches(_ event: RecordEvent, _ subscription: Subscription, zone: ZoneKey) -> Bool {
        switch subscription.subscriptionType {
        case .zone:
            return subscription.zoneID.map { $0.zoneName == zone.zoneName } ?? (subscription.zoneWide == true)
        case .query:
            guard let query = subscription.query, query.recordType == event.record.recordType else { return false }
            if let zoneID = subscription.zoneID, subscription.zoneWide != true, zoneID.zoneName != zone.zoneName {
                return false
            }
            let fires: Subscription.FiresOn = event.reason == 1 ? .create : (event.reason == 2 ? .update : .delete)
            guard (subscription.firesOn ?? []).contains(fires) else { return false }
            return (query.filterBy ?? []).allSatisfy { FilterEvaluator.matches(event.record, $0) }
        }
    }

    /// The notification JSON, as CloudKit's courier delivers it.
    static func payload(for event: RecordEvent, subscription: Subscription, zone: ZoneKey) -> String {
        let info = subscription.notificationInfo
        var aps: [String: Any] = [:]
        var alert: [String: Any] = [:]
        alert["body"] = info?.alertBody
        alert["loc-key"] = info?.alertLocalizationKey
        alert["loc-args"] = info?.alertLocalizationArgs
        alert["action-loc-key"] = info?.alertActionLocalizationKey
        alert["launch-image"] = info?.alertLaunchImage
        if !alert.isEmpty { aps["alert"] = alert }
        if info?.shouldBadge == true { aps["badge"] = 1 }
        aps["sound"] = info?.soundName
        if info?.shouldSendContentAvailable == true { aps["content-available"] = 1 }
        let databaseScope = switch zone.database {
        case .public: 1
        case .private: 2
        case .shared: 3
        }
        var ck: [String: Any] = ["cid": zone.container.rawValue, "nid": UUID().uuidString]
        var details: [String: Any] = ["sid": subscription.subscriptionID ?? "", "zid": zone.zoneName, "dbs": databaseScope]
        if !zone.ownerRecordName.isEmpty {
            details["zoid"] = zone.ownerRecordName
        }
        switch subscription.subscriptionType {
        case .query:
            details["rid"] = event.record.recordName
            details["fo"] = event.reason
            ck["qry"] = details
        case .zone:
            ck["fet"] = details
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["aps": aps, "ck": ck], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A payload marked as standing for notifications dropped before it (`ck.p`: 1).
    static func pruned(_ payload: String) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any],
            var ck = object["ck"] as? [String: Any]
        else { return payload }
        ck["p"] = 1
        object["ck"] = ck
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(payload.utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
