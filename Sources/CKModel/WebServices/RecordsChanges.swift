/// `POST …/records/changes`: the older, single-zone change feed (custom zones only).
public enum RecordsChanges {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable {
        /// The custom zone to read.
        public var zoneID: ZoneID
        /// Where to resume; absent to read from the beginning.
        public var syncToken: String?
        /// At most this many records (200 when absent).
        public var resultsLimit: Int?
        /// Fields to return.
        public var desiredKeys: [String]?
        /// Return INT64 and DOUBLE values as strings.
        public var numbersAsStrings: Bool?

        /// Creates a request.
        public init(zoneID: ZoneID, syncToken: String? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil, numbersAsStrings: Bool? = nil) {
            self.zoneID = zoneID
            self.syncToken = syncToken
            self.resultsLimit = resultsLimit
            self.desiredKeys = desiredKeys
            self.numbersAsStrings = numbersAsStrings
        }

        private enum CodingKeys: String, CodingKey {
            case zoneID, syncToken, resultsLimit, desiredKeys, numbersAsStrings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            zoneID = try container.decode(ZoneID.self, forKey: .zoneID)
            syncToken = try container.decodeIfPresent(String.self, forKey: .syncToken)
            resultsLimit = try container.decodeIfPresent(Int.self, forKey: .resultsLimit)
            desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
            numbersAsStrings = try decoder.decodeNumbersAsStringsFlag()
        }
    }

    /// The response body.
    public struct Response: Hashable, Sendable, Codable {
        /// Changed records; deleted ones as `{recordName, deleted: true}`.
        public var records: [Record]
        /// The token to send next time.
        public var syncToken: String
        /// Whether more changes follow.
        public var moreComing: Bool

        /// Creates a response.
        public init(records: [Record], syncToken: String, moreComing: Bool) {
            self.records = records
            self.syncToken = syncToken
            self.moreComing = moreComing
        }
    }
}
