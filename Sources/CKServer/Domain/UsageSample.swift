import CKModel

/// What one record type of a container environment stored at the start of an hour: one row of usage telemetry.
public struct UsageSample: Hashable, Sendable {
    /// The hour, in milliseconds since 1970.
    public var hour: Int64
    public var container: ContainerID
    public var environment: ContainerEnvironment
    public var recordType: String
    /// Live records, and the bytes of their stored fields.
    public var records: Int
    public var recordBytes: Int
    /// The bytes of the asset files the live records hold.
    public var assetBytes: Int

    public init(
        hour: Int64, container: ContainerID, environment: ContainerEnvironment, recordType: String, records: Int, recordBytes: Int, assetBytes: Int = 0
    ) {
        self.hour = hour
        self.container = container
        self.environment = environment
        self.recordType = recordType
        self.records = records
        self.recordBytes = recordBytes
        self.assetBytes = assetBytes
    }
}
