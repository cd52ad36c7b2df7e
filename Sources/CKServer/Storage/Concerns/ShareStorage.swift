import CKModel

/// Where shares are and who accepted them. One concern of `ServerStorage`.
public protocol ShareStorage: Sendable {
    /// The zone and record name of the share with this short GUID in a container environment, or `nil`.
    func shareLocation(shortGUID: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> (zone: ZoneKey, shareName: String)?

    /// The zones (of other users' private databases) in which the user accepted a share, by owner and name.
    func sharedZones(with userRecordName: String, in container: ContainerID, environment: ContainerEnvironment) async throws -> [ZoneState]

    /// The shares of a zone the user accepted.
    func shares(acceptedBy userRecordName: String, in zone: ZoneKey) async throws -> [StoredShare]
}
