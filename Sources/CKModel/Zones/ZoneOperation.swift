/// One entry of a `zones/modify` request.
public struct ZoneOperation: Hashable, Sendable, Codable {
    /// `create` or `delete`.
    public var operationType: OperationType
    /// The zone, identified by its `zoneID`.
    public var zone: Zone
    /// With delete: remove the zone's change history too (accepted; deleting always removes it here).
    public var purge: Bool?

    /// Creates a zone operation.
    public init(_ operationType: OperationType, _ zone: Zone, purge: Bool? = nil) {
        self.operationType = operationType
        self.zone = zone
        self.purge = purge
    }

    /// The kinds of zone change.
    public enum OperationType: String, CaseIterable, Hashable, Sendable, Codable {
        case create
        case delete
    }
}
