/// Who got to a lease first: the connection, or the wait giving up.
enum LeaseState {
    case waiting, leased, abandoned

    /// Moves on from `waiting` to `next`; false when the other side already did.
    mutating func take(_ next: LeaseState) -> Bool {
        guard self == .waiting else { return false }
        self = next
        return true
    }
}
