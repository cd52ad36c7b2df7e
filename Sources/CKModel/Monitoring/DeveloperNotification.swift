/// An event of a container a developer should hear of: an alert fired or recovered, a schema deployed, development
/// reset, a token or key created or revoked.
public struct DeveloperNotification: Hashable, Sendable, Codable {
    /// Its position among the notifications; later ones have larger ones.
    public var sequence: Int64
    /// The container it concerns, if any.
    public var containerID: ContainerID?
    /// When, in milliseconds since 1970.
    public var timestamp: Int64
    /// What happened: `alert.fired`, `alert.recovered`, or the audit action (`schema.deploy`, `schema.reset`,
    /// `apiToken.create` …).
    public var kind: String
    /// One line saying it.
    public var title: String
    /// Whether a developer marked it read.
    public var read: Bool

    /// Creates a notification.
    public init(sequence: Int64 = 0, containerID: ContainerID?, timestamp: Int64, kind: String, title: String, read: Bool = false) {
        self.sequence = sequence
        self.containerID = containerID
        self.timestamp = timestamp
        self.kind = kind
        self.title = title
        self.read = read
    }
}
