/// `POST …/records/modify`: create, update, replace and delete records, in order.
public enum RecordsModify {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable, KeyedDecodable {
        /// The operations, applied in array order, one per record.
        public var operations: [RecordOperation]
        /// The zone of every record; the default zone when absent.
        public var zoneID: ZoneID?
        /// All or nothing (custom zones only); the wire default is `true`.
        public var atomic: Bool?
        /// Fields to return for every operation that does not name its own.
        public var desiredKeys: [String]?
        /// Return INT64 and DOUBLE values as strings.
        public var numbersAsStrings: Bool?

        /// Creates a request.
        public init(
            operations: [RecordOperation], zoneID: ZoneID? = nil, atomic: Bool? = nil, desiredKeys: [String]? = nil,
            numbersAsStrings: Bool? = nil
        ) {
            self.operations = operations
            self.zoneID = zoneID
            self.atomic = atomic
            self.desiredKeys = desiredKeys
            self.numbersAsStrings = numbersAsStrings
        }

        enum CodingKeys: String, CodingKey {
            case operations, zoneID, atomic, desiredKeys, numbersAsStrings
        }

        public init(from decoder: any Decoder) throws {
            try self.init(membersOf: decoder)
            numbersAsStrings = try decoder.decodeNumbersAsStringsFlag()
        }

        /// Reads a request's members other than the `numbersAsStrings` flag (see `KeyedDecodable`).
        init<Container: KeyedDecodingContainerProtocol>(reading container: Container) throws where Container.Key == CodingKeys {
            operations = try container.decode([RecordOperation].self, forKey: .operations)
            zoneID = try container.decodeIfPresent(ZoneID.self, forKey: .zoneID)
            atomic = try container.decodeIfPresent(Bool.self, forKey: .atomic)
            desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
        }

    }

    /// The response body: one entry per operation, in order; a delete answers `{recordName, deleted: true}`.
    public struct Response: Hashable, Sendable, Codable {
        /// One entry per record, each a record or the error that kept it from the response.
        public var records: [ItemResult<Record>]

        /// Creates a response.
        public init(records: [ItemResult<Record>]) {
            self.records = records
        }
    }
}
