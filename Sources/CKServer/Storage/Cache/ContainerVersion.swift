import CKModel

/// The version of its container a data API request read with its credentials (`RequestRecords.containerVersion`).
/// While the request runs, `CachedStorage` answers from memory what it kept of the container at that version.
public struct ContainerVersion: Sendable, Hashable {
    /// The container the request reaches.
    public var container: ContainerID
    /// Its version when the request began.
    public var version: Int64

    /// Creates a container version.
    public init(container: ContainerID, version: Int64) {
        self.container = container
        self.version = version
    }

    /// The version the running request read; `nil` outside a data API request, where storage is read afresh.
    @TaskLocal public static var current: ContainerVersion?
}
