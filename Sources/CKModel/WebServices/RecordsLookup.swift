/// `POST …/records/lookup`: records by name, in request order.
public enum RecordsLookup {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable {
        /// The records wanted.
        public var records: [Item]
        /// Their zone; the default zone when absent.
        public var zoneID: ZoneID?
        /// Fields to return for every record that does not name its own.
        public var desiredKeys: [String]?
        /// Return INT64 and DOUBLE values as strings.
        public var numbersAsStrings: Bool?

        /// Creates a request.
        public init(records: [Item], zoneID: ZoneID? = nil, desiredKeys: [String]? = nil, numbersAsStrings: Bool? = nil) {
            self.records = records
            self.zoneID = zoneID
            self.desiredKeys = desiredKeys
            self.numbersAsStrings = numbersAsStrings
        }

        private enum CodingKeys: String, CodingKey {
            case records, zoneID, desiredKeys, numbersAsStrings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            records = try container.decode([Item].self, forKey: .records)
            zoneID = try container.decodeIfPresent(ZoneID.self, forKey: .zoneID)
            desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
            numbersAsStrings = try decoder.decodeNumbersAsStringsFlag()
        }

    }

    /// One record asked for, optionally with its own `desiredKeys`.
    public struct Item: Hashable, Sendable, Codable {
        /// The record's name.
        public var recordName: String
        /// Fields to return for this record, overriding the request's `desiredKeys`.
        public var desiredKeys: [String]?

        /// Creates a lookup item.
        public init(recordName: String, desiredKeys: [String]? = nil) {
            self.recordName = recordName
            self.desiredKeys = desiredKeys
        }
    }

    /// The response body: one entry per requested record, in order.
    public struct Response: Hashable, Sendable, Codable {
        /// One entry per record, each a record or the error that kept it from the response.
        public var records: [ItemResult<Record>]

        /// Creates a response.
        public init(records: [ItemResult<Record>]) {
            self.records = records
        }
    }
}
