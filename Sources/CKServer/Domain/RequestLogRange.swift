import CKModel

/// Which stretch of the request log a read takes, in sequence order: entries of one container or of all, logged
/// within a time window, going back from a sequence number (newest first) or forward from one (oldest first).
public struct RequestLogRange: Hashable, Sendable {
    /// Which way a read goes.
    public enum Direction: Hashable, Sendable {
        /// Newest first, from before this sequence number (from the newest entry when `nil`).
        case before(Int64?)
        /// Oldest first, from after this sequence number.
        case after(Int64)

        /// The same direction, going on from `sequence`.
        func moved(to sequence: Int64) -> Direction {
            switch self {
            case .before: .before(sequence)
            case .after: .after(sequence)
            }
        }
    }

    /// Only entries of this container; every container's when `nil`.
    public var container: ContainerID?
    /// Only entries logged at or after this time, in milliseconds since 1970.
    public var since: Int64?
    /// Only entries logged before this time, in milliseconds since 1970.
    public var until: Int64?
    /// Where the read starts and which way it goes.
    public var direction: Direction

    /// Creates a range.
    public init(container: ContainerID?, since: Int64? = nil, until: Int64? = nil, direction: Direction) {
        self.container = container
        self.since = since
        self.until = until
        self.direction = direction
    }
}
