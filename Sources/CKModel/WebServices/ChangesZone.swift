/// `POST …/changes/zone`: the records changed in zones since their sync tokens.
public enum ChangesZone {
    /// The request body; each zone entry may override the top-level options.
    public struct Request: Hashable, Sendable, Codable {
        /// The zones to read, each with the token it resumes from.
        public var zones: [ZoneRequest]
        /// Newest changes first (accepted; changes are always returned oldest first here).
        public var reverse: Bool?
        /// Fields to return for zones that do not name their own.
        public var desiredKeys: [String]?
        /// At most this many records per zone (CloudKit's maximum, 200, when absent).
        public var resultsLimit: Int?
        /// Only records of these types.
        public var desiredRecordTypes: [String]?
        /// Return INT64 and DOUBLE values as strings (also read under Apple's spelling `numberAsStrings`).
        public var numbersAsStrings: Bool?

        /// Creates a request.
        public init(
            zones: [ZoneRequest], reverse: Bool? = nil, desiredKeys: [String]? = nil, resultsLimit: Int? = nil,
            desiredRecordTypes: [String]? = nil, numbersAsStrings: Bool? = nil
        ) {
            self.zones = zones
            self.reverse = reverse
            self.desiredKeys = desiredKeys
            self.resultsLimit = resultsLimit
            self.desiredRecordTypes = desiredRecordTypes
            self.numbersAsStrings = numbersAsStrings
        }

        private enum CodingKeys: String, CodingKey {
            case zones, reverse, desiredKeys, resultsLimit, desiredRecordTypes, numbersAsStrings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            zones = try container.decode([ZoneRequest].self, forKey: .zones)
            reverse = try container.decodeIfPresent(Bool.self, forKey: .reverse)
            desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
            resultsLimit = try container.decodeIfPresent(Int.self, forKey: .resultsLimit)
            desiredRecordTypes = try container.decodeIfPresent([String].self, forKey: .desiredRecordTypes)
            numbersAsStrings = try decoder.decodeNumbersAsStringsFlag()
        }
    }

    /// One zone to read.
    public struct ZoneRequest: Hashable, Sendable, Codable {
        /// The zone.
        public var zoneID: ZoneID
        /// Where to resume; absent to read from the beginning.
        public var syncToken: String?
        /// Overrides the request's `resultsLimit`.
        public var resultsLimit: Int?
        /// Overrides the request's `desiredKeys`.
        public var desiredKeys: [String]?
        /// Overrides the request's `desiredRecordTypes`.
        public var desiredRecordTypes: [String]?

        /// Creates a zone entry.
        public init(
            zoneID: ZoneID, syncToken: String? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil,
            desiredRecordTypes: [String]? = nil
        ) {
            self.zoneID = zoneID
            self.syncToken = syncToken
            self.resultsLimit = resultsLimit
            self.desiredKeys = desiredKeys
            self.desiredRecordTypes = desiredRecordTypes
        }
    }

    /// One zone's page of changes.
    public struct ZoneChanges: Hashable, Sendable, Codable {
        /// The zone.
        public var zoneID: ZoneID
        /// The token to send next time.
        public var syncToken: String
        /// Whether more changes follow: call again with `syncToken`.
        public var moreComing: Bool
        /// Changed records in their latest state; deleted ones as `{recordName, deleted: true}`.
        public var records: [Record]

        /// Creates a zone's changes.
        public init(zoneID: ZoneID, syncToken: String, moreComing: Bool, records: [Record]) {
            self.zoneID = zoneID
            self.syncToken = syncToken
            self.moreComing = moreComing
            self.records = records
        }
    }

    /// The response body: one entry per zone, its changes or a per-zone error.
    public struct Response: Hashable, Sendable, Codable {
        /// The zones.
        public var zones: [ItemResult<ZoneChanges>]

        /// Creates a response.
        public init(zones: [ItemResult<ZoneChanges>]) {
            self.zones = zones
        }
    }
}
