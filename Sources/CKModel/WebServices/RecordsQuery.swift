/// `POST …/records/query`: the records of a type that match a query, a page at a time.
public enum RecordsQuery {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable {
        /// The zone searched; the default zone when absent.
        public var zoneID: ZoneID?
        /// At most this many records (CloudKit's maximum, 200, when absent).
        public var resultsLimit: Int?
        /// What to search for.
        public var query: Query
        /// The marker of the previous page, to continue from.
        public var continuationMarker: String?
        /// Fields to return: `nil` for all, `[]` for system fields only.
        public var desiredKeys: [String]?
        /// Search every zone; ignored when `zoneID` is given.
        public var zoneWide: Bool?
        /// Return INT64 and DOUBLE values as strings.
        public var numbersAsStrings: Bool?

        /// Creates a request.
        public init(
            query: Query, zoneID: ZoneID? = nil, resultsLimit: Int? = nil, continuationMarker: String? = nil,
            desiredKeys: [String]? = nil, zoneWide: Bool? = nil, numbersAsStrings: Bool? = nil
        ) {
            self.query = query
            self.zoneID = zoneID
            self.resultsLimit = resultsLimit
            self.continuationMarker = continuationMarker
            self.desiredKeys = desiredKeys
            self.zoneWide = zoneWide
            self.numbersAsStrings = numbersAsStrings
        }

        private enum CodingKeys: String, CodingKey {
            case zoneID, resultsLimit, query, continuationMarker, desiredKeys, zoneWide, numbersAsStrings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            zoneID = try container.decodeIfPresent(ZoneID.self, forKey: .zoneID)
            resultsLimit = try container.decodeIfPresent(Int.self, forKey: .resultsLimit)
            query = try container.decode(Query.self, forKey: .query)
            continuationMarker = try container.decodeIfPresent(String.self, forKey: .continuationMarker)
            desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
            zoneWide = try container.decodeIfPresent(Bool.self, forKey: .zoneWide)
            numbersAsStrings = try decoder.decodeNumbersAsStringsFlag()
        }

    }

    /// The response body: a page of records (or per-record errors) and, when more exist, a marker.
    public struct Response: Hashable, Sendable, Codable {
        /// One entry per record, each a record or the error that kept it from the response.
        public var records: [ItemResult<Record>]
        /// Present when more records match; pass it back unchanged for the next page.
        public var continuationMarker: String?

        /// Creates a response.
        public init(records: [ItemResult<Record>], continuationMarker: String? = nil) {
            self.records = records
            self.continuationMarker = continuationMarker
        }
    }
}
