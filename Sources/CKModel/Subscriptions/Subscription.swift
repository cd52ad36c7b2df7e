/// A subscription: a query or a zone whose changes the server pushes to the app.
public struct Subscription: Hashable, Sendable, Codable {
    /// The subscription's name, chosen by the client or assigned by the server.
    public var subscriptionID: String?
    /// `query` or `zone`.
    public var subscriptionType: SubscriptionType
    /// The zone watched (zone subscriptions) or searched (query subscriptions).
    public var zoneID: ZoneID?
    /// The records watched, for a query subscription.
    public var query: Query?
    /// Which changes fire it, for a query subscription.
    public var firesOn: [FiresOn]?
    /// Whether the subscription is deleted after firing once.
    public var firesOnce: Bool?
    /// What the notification shows.
    public var notificationInfo: NotificationInfo?
    /// Whether a query subscription watches all zones; the wire default is `true`.
    public var zoneWide: Bool?

    /// Creates a subscription.
    public init(
        subscriptionID: String? = nil, subscriptionType: SubscriptionType, zoneID: ZoneID? = nil,
        query: Query? = nil, firesOn: [FiresOn]? = nil, firesOnce: Bool? = nil,
        notificationInfo: NotificationInfo? = nil, zoneWide: Bool? = nil
    ) {
        self.subscriptionID = subscriptionID
        self.subscriptionType = subscriptionType
        self.zoneID = zoneID
        self.query = query
        self.firesOn = firesOn
        self.firesOnce = firesOnce
        self.notificationInfo = notificationInfo
        self.zoneWide = zoneWide
    }

    private enum CodingKeys: String, CodingKey {
        case subscriptionID, subscriptionType, zoneID, query, firesOn, firesOnce, notificationInfo, zoneWide
    }

    /// Reads a subscription; without `subscriptionType` (as clients send one to delete by ID) it is a query
    /// subscription when it has a query, a zone subscription otherwise.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subscriptionID = try container.decodeIfPresent(String.self, forKey: .subscriptionID)
        zoneID = try container.decodeIfPresent(ZoneID.self, forKey: .zoneID)
        query = try container.decodeIfPresent(Query.self, forKey: .query)
        subscriptionType = try container.decodeIfPresent(SubscriptionType.self, forKey: .subscriptionType) ?? (query == nil ? .zone : .query)
        firesOn = try container.decodeIfPresent([FiresOn].self, forKey: .firesOn)
        firesOnce = try container.decodeIfPresent(Bool.self, forKey: .firesOnce)
        notificationInfo = try container.decodeIfPresent(NotificationInfo.self, forKey: .notificationInfo)
        zoneWide = try container.decodeIfPresent(Bool.self, forKey: .zoneWide)
    }

    /// The two kinds of subscription the web service knows.
    public enum SubscriptionType: String, CaseIterable, Hashable, Sendable, Codable {
        case query
        case zone
    }

    /// The record changes a query subscription fires on.
    public enum FiresOn: String, CaseIterable, Hashable, Sendable, Codable {
        case create
        case update
        case delete
    }
}
