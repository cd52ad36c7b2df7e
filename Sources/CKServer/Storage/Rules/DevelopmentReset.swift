import CKModel

/// What resetting a container's development environment clears, for every engine: its schema becomes
/// production's, and every development zone (with its records) and every development subscription is deleted,
/// in one transaction.
enum DevelopmentReset {
    /// Resets the environment of the transaction's container and returns the live records deleted, by record
    /// type; `NOT_FOUND` for an unknown container.
    static func apply(in transaction: some DevelopmentResetTransaction) throws -> [String: Int] {
        guard try transaction.copyProductionSchemaToDevelopment() else {
            throw ServerError(.notFound, reason: "there is no container \(transaction.container)")
        }
        let deleted = try transaction.liveRecordCounts(in: .development)
        for (rowID, zone) in try transaction.zones(in: .development) {
            try transaction.deleteZone(rowID: rowID, zone)
        }
        try transaction.deleteSubscriptions(in: .development)
        return deleted
    }
}
