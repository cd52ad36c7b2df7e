/// Why the PostgreSQL engine could not start, in words a person running the server acts on.
public enum PostgresStorageError: Error, Equatable, CustomStringConvertible {
    /// The `--postgres` URL cannot be read.
    case invalidLocation(String)
    /// No connection could be made at start.
    case unreachable(location: String, reason: String)
    /// The database was set up by a newer ckserver, whose tables this one does not know.
    case newerDatabase(found: Int, known: Int)

    public var description: String {
        switch self {
        case .invalidLocation(let reason):
            "invalid PostgreSQL URL: \(reason)"
        case .unreachable(let location, let reason):
            "cannot connect to PostgreSQL at \(location): \(reason)"
        case .newerDatabase(let found, let known):
            "the database's tables are at version \(found), newer than this ckserver knows (\(known)): run a newer ckserver"
        }
    }
}
