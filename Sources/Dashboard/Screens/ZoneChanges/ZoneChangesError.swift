/// Why a zone's changes cannot be watched, said on screen in their place.
enum ZoneChangesError: Error, CustomStringConvertible {
    /// The public database keeps no change history clients can read.
    case noChangeHistory
    /// The server answered the zone's change feed without a sync token.
    case noSyncToken(String)

    var description: String {
        switch self {
        case .noChangeHistory:
            "The public database keeps no change history: change feeds exist in private and shared databases (:db private USER)."
        case .noSyncToken(let zone):
            "The server gave no sync token for \(zone), so its changes cannot be followed."
        }
    }
}
