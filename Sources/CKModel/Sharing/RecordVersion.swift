/// A record at the version a client saw: the `forRecord` of a new share, whose change tag must still match.
public struct RecordVersion: Hashable, Sendable, Codable {
    /// The record's name.
    public var recordName: String
    /// The change tag the client saw, when it gives one.
    public var recordChangeTag: String?

    /// Creates a record version.
    public init(recordName: String, recordChangeTag: String? = nil) {
        self.recordName = recordName
        self.recordChangeTag = recordChangeTag
    }
}
