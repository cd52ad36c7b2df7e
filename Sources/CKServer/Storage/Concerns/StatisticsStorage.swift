import CKModel

/// What a container holds, counted for the management API and the dashboard. One concern of `ServerStorage`.
public protocol StatisticsStorage: Sendable {
    /// How many live records each database of each environment of the container holds (databases without
    /// records left out).
    func recordCounts(in container: ContainerID) async throws -> [ManagementContainers.RecordCount]

    /// What each record type of a container environment holds, over every database and zone: records and
    /// their bytes, and the entries and bytes of each field's value and search index.
    func recordTypeStatistics(in container: ContainerID, environment: ContainerEnvironment) async throws -> [RecordTypeStatistics]
}
