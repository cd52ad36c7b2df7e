/// What a grant allows a role to do with the records of a type in the public database.
public enum Permission: String, CaseIterable, Hashable, Sendable, Codable {
    /// Create new records.
    case create = "CREATE"
    /// Query and fetch records.
    case read = "READ"
    /// Modify and delete existing records.
    case write = "WRITE"

    /// The order cktool writes grants of one role in: WRITE, CREATE, READ.
    var exportRank: Int {
        switch self {
        case .write: 0
        case .create: 1
        case .read: 2
        }
    }
}
