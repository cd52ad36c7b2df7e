/// Why shares cannot be listed or joined here, said on screen in their place.
enum SharingError: Error, CustomStringConvertible {
    /// Shares live in the custom zones of private databases, and reach others through their shared databases.
    case publicDatabase
    /// Resolving and accepting a share is a signed-in user's act.
    case noUser

    var description: String {
        switch self {
        case .publicDatabase:
            "The public database holds no shares: they live in a user's private database (:db private USER) and reach others through their shared database (:db shared USER)."
        case .noUser:
            "A share is joined by a user: act as one first (:user NAME), then :accept again."
        }
    }
}
