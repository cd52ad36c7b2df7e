/// `GET …/zones/list`, `POST …/zones/lookup` and `POST …/zones/modify`.
public enum Zones {
    /// The body of `zones/lookup`: the zones wanted.
    public struct LookupRequest: Hashable, Sendable, Codable {
        /// The zones, by ID.
        public var zones: [ZoneID]

        /// Creates a lookup request.
        public init(zones: [ZoneID]) {
            self.zones = zones
        }
    }

    /// The body of `zones/modify`: creations and deletions, applied in order, one per zone.
    public struct ModifyRequest: Hashable, Sendable, Codable {
        /// The operations.
        public var operations: [ZoneOperation]

        /// Creates a modify request.
        public init(operations: [ZoneOperation]) {
            self.operations = operations
        }
    }

    /// The response of all three: one entry per zone, a zone or a per-zone error.
    public struct Response: Hashable, Sendable, Codable {
        /// The zones.
        public var zones: [ItemResult<Zone>]

        /// Creates a response.
        public init(zones: [ItemResult<Zone>]) {
            self.zones = zones
        }
    }
}
