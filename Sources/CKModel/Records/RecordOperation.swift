/// One entry of a `records/modify` request: what to do to which record.
public struct RecordOperation: Hashable, Sendable, Codable, KeyedDecodable {
    /// The kind of change.
    public var operationType: OperationType
    /// The record, with at least its name (and change tag where the operation needs one).
    public var record: Record
    /// The fields to return for this operation, overriding the request's `desiredKeys`.
    public var desiredKeys: [String]?

    /// Creates an operation.
    public init(_ operationType: OperationType, _ record: Record, desiredKeys: [String]? = nil) {
        self.operationType = operationType
        self.record = record
        self.desiredKeys = desiredKeys
    }

    enum CodingKeys: String, CodingKey {
        case operationType, record, desiredKeys
    }

    /// Reads an operation from its keyed container (see `KeyedDecodable`).
    init<Container: KeyedDecodingContainerProtocol>(reading container: Container) throws where Container.Key == CodingKeys {
        operationType = try container.decode(OperationType.self, forKey: .operationType)
        record = try container.decode(Record.self, forKey: .record)
        desiredKeys = try container.decodeIfPresent([String].self, forKey: .desiredKeys)
    }

    /// The seven kinds of record change.
    public enum OperationType: String, CaseIterable, Hashable, Sendable, Codable {
        /// A new record; fails with EXISTS if the name is taken.
        case create
        /// Changes the given fields; needs the current change tag.
        case update
        /// Like update, ignoring conflicts; creates the record when missing (needs `recordType`).
        case forceUpdate
        /// Replaces all fields (unspecified ones become null); needs the current change tag.
        case replace
        /// Like replace, ignoring conflicts; creates the record when missing.
        case forceReplace
        /// Deletes the record; needs the current change tag.
        case delete
        /// Deletes the record, ignoring conflicts.
        case forceDelete

        /// Whether the server compares the record's `recordChangeTag` with its own.
        public var checksChangeTag: Bool {
            self == .update || self == .replace || self == .delete
        }

        /// The `force` kind of an operation that checks the change tag (`forceDelete` for `delete`); `nil` for the others.
        public var forced: OperationType? {
            switch self {
            case .update: .forceUpdate
            case .replace: .forceReplace
            case .delete: .forceDelete
            case .create, .forceUpdate, .forceReplace, .forceDelete: nil
            }
        }

        /// Whether the operation applies whatever another save did meanwhile (the `force` kinds).
        public var ignoresConflicts: Bool {
            self == .forceUpdate || self == .forceReplace || self == .forceDelete
        }

        /// Whether the operation creates the record when it does not exist.
        public var createsMissingRecord: Bool {
            self == .create || self == .forceUpdate || self == .forceReplace
        }
    }
}
