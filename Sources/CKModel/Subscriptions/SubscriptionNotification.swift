/// A notification a subscription sent (CloudKit's `CKNotification`), as the long-poll `webcourierURL` delivers it:
/// APNs' `aps` dictionary with the alert, and CloudKit's `ck` dictionary saying which subscription fired, for which
/// record or zone, and why.
///
/// ```json
/// {"aps": {"alert": {"body": "A new party!"}},
///  "ck": {"cid": "iCloud.com.example.Party", "nid": "…",
///         "qry": {"sid": "new-parties", "rid": "party-1", "zid": "_defaultZone", "fo": 1, "dbs": 1}}}
/// ```
public struct SubscriptionNotification: Hashable, Sendable, Codable {
    /// The notification's own ID (`ck.nid`).
    public var notificationID: String?
    /// The container it comes from (`ck.cid`).
    public var containerIdentifier: String?
    /// Whether the server left parts of the payload out to fit APNs' size limit (`ck.p`).
    public var isPruned: Bool
    /// Whether a query, a zone or a database subscription sent it (`ck.qry`, `ck.fet`, `ck.met`).
    public var notificationType: NotificationType
    /// The subscription that fired.
    public var subscriptionID: String?
    /// The zone of the change (with its owner in a private or shared database).
    public var zoneID: ZoneID?
    /// The record a query notification is about.
    public var recordName: String?
    /// Why a query notification was sent: the record was created, updated or deleted.
    public var queryNotificationReason: QueryNotificationReason?
    /// The database of the change.
    public var databaseScope: DatabaseScope?
    /// The alert's text, from the subscription's `notificationInfo`.
    public var alertBody: String?
    /// The badge number to show, when the subscription asks for one.
    public var badge: Int?
    /// The sound to play.
    public var soundName: String?
    /// Whether the notification wakes the app in the background (`content-available`).
    public var isContentAvailable: Bool

    /// Creates a notification.
    public init(
        notificationID: String? = nil, containerIdentifier: String? = nil, isPruned: Bool = false, notificationType: NotificationType,
        subscriptionID: String? = nil, zoneID: ZoneID? = nil, recordName: String? = nil, queryNotificationReason: QueryNotificationReason? = nil,
        databaseScope: DatabaseScope? = nil, alertBody: String? = nil, badge: Int? = nil, soundName: String? = nil, isContentAvailable: Bool = false
    ) {
        self.notificationID = notificationID
        self.containerIdentifier = containerIdentifier
        self.isPruned = isPruned
        self.notificationType = notificationType
        self.subscriptionID = subscriptionID
        self.zoneID = zoneID
        self.recordName = recordName
        self.queryNotificationReason = queryNotificationReason
        self.databaseScope = databaseScope
        self.alertBody = alertBody
        self.badge = badge
        self.soundName = soundName
        self.isContentAvailable = isContentAvailable
    }

    /// The kind of subscription that sent a notification, by the key of its details in `ck`.
    public enum NotificationType: String, CaseIterable, Hashable, Sendable, Codable {
        /// A query subscription (`ck.qry`).
        case query = "qry"
        /// A zone subscription (`ck.fet`: fetch the zone's changes).
        case recordZone = "fet"
        /// A database subscription (`ck.met`).
        case database = "met"
    }

    /// Why a query subscription fired (`fo`).
    public enum QueryNotificationReason: Int, CaseIterable, Hashable, Sendable, Codable {
        case recordCreated = 1
        case recordUpdated = 2
        case recordDeleted = 3
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        let type = NotificationType.allCases.first { wire.ck.details(of: $0) != nil } ?? .query
        let details = wire.ck.details(of: type)
        self.init(
            notificationID: wire.ck.nid, containerIdentifier: wire.ck.cid, isPruned: wire.ck.p == 1, notificationType: type,
            subscriptionID: details?.sid, zoneID: details?.zid.map { ZoneID(zoneName: $0, ownerRecordName: details?.zoid) },
            recordName: details?.rid, queryNotificationReason: details?.fo.flatMap(QueryNotificationReason.init(rawValue:)),
            databaseScope: details?.dbs.flatMap { Wire.scopes.indices.contains($0 - 1) ? Wire.scopes[$0 - 1] : nil },
            alertBody: wire.aps?.alert?.body, badge: wire.aps?.badge, soundName: wire.aps?.sound, isContentAvailable: wire.aps?.contentAvailable == 1)
    }

    public func encode(to encoder: any Encoder) throws {
        let details = Wire.Details(
            sid: subscriptionID, rid: recordName, zid: zoneID?.zoneName, zoid: zoneID?.ownerRecordName, fo: queryNotificationReason?.rawValue,
            dbs: databaseScope.flatMap { Wire.scopes.firstIndex(of: $0) }.map { $0 + 1 })
        let ck = Wire.CK(
            cid: containerIdentifier, nid: notificationID, p: isPruned ? 1 : nil, qry: notificationType == .query ? details : nil,
            fet: notificationType == .recordZone ? details : nil, met: notificationType == .database ? details : nil)
        let aps = Wire.APS(alert: alertBody.map(Wire.Alert.init(body:)), badge: badge, sound: soundName, contentAvailable: isContentAvailable ? 1 : nil)
        try Wire(aps: aps, ck: ck).encode(to: encoder)
    }

    /// The payload as the courier writes it.
    private struct Wire: Codable {
        /// The database scopes in the order of their numbers in `dbs` (CloudKit's `CKDatabase.Scope`): 1, 2, 3.
        static let scopes: [DatabaseScope] = [.public, .private, .shared]

        var aps: APS?
        var ck: CK

        struct APS: Codable {
            var alert: Alert?
            var badge: Int?
            var sound: String?
            var contentAvailable: Int?

            enum CodingKeys: String, CodingKey {
                case alert, badge, sound
                case contentAvailable = "content-available"
            }
        }

        /// The alert: a dictionary with its `body`, or (as APNs also allows) the body alone as a string.
        struct Alert: Codable {
            var body: String?

            init(body: String?) {
                self.body = body
            }

            init(from decoder: any Decoder) throws {
                if let text = try? decoder.singleValueContainer().decode(String.self) {
                    body = text
                } else {
                    body = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .body)
                }
            }
        }

        struct CK: Codable {
            var cid: String?
            var nid: String?
            var p: Int?
            var qry: Details?
            var fet: Details?
            var met: Details?

            func details(of type: NotificationType) -> Details? {
                switch type {
                case .query: qry
                case .recordZone: fet
                case .database: met
                }
            }
        }

        struct Details: Codable {
            var sid: String?
            var rid: String?
            var zid: String?
            var zoid: String?
            var fo: Int?
            var dbs: Int?
        }
    }
}
