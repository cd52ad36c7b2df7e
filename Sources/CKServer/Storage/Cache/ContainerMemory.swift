import CKModel

/// What `CachedStorage` keeps of one container at one version: every data API request reads these, and they change
/// rarely. Each part is bounded, so that requests naming many zones cannot grow it without end.
struct ContainerMemory {
    /// The most zones and subscriptions kept of a container; past that the part starts over.
    static let capacity = 4096

    /// The container version the parts were read at.
    let version: Int64
    var schemas: SchemaPair?
    var zoneExists: [ZoneKey: Bool] = [:]
    var subscriptions: [SubscriptionsKey: [(owner: String, subscription: Subscription)]] = [:]

    /// The subscriptions of one kind of database of one environment.
    struct SubscriptionsKey: Hashable {
        var environment: ContainerEnvironment
        var scope: DatabaseScope
    }

    init(version: Int64) {
        self.version = version
    }

    mutating func keep(_ exists: Bool, zone: ZoneKey) {
        if zoneExists.count >= Self.capacity {
            zoneExists.removeAll()
        }
        zoneExists[zone] = exists
    }

    mutating func keep(_ subscriptions: [(owner: String, subscription: Subscription)], for key: SubscriptionsKey) {
        guard subscriptions.count <= Self.capacity else { return }
        self.subscriptions[key] = subscriptions
    }
}
