import CKModel

/// What an engine does for `DevelopmentReset` inside its open write transaction on one container: plain reads
/// and writes, with no rule of their own.
protocol DevelopmentResetTransaction {
    /// The container being reset.
    var container: ContainerID { get }

    /// Makes the development schema a copy of production's; `false` when there is no such container.
    func copyProductionSchemaToDevelopment() throws -> Bool

    /// How many live records each record type has in the environment, over every database and zone.
    func liveRecordCounts(in environment: ContainerEnvironment) throws -> [String: Int]

    /// Every zone of the environment with a row, with the row's ID.
    func zones(in environment: ContainerEnvironment) throws -> [(rowID: Int64, zone: ZoneKey)]

    /// Deletes a zone with everything it holds, leaving the tombstone its database's change feed reports.
    func deleteZone(rowID: Int64, _ zone: ZoneKey) throws

    /// Deletes every subscription of the environment.
    func deleteSubscriptions(in environment: ContainerEnvironment) throws
}
