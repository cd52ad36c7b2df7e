import CKModel
import Foundation

/// A container the server hosts, with the identity its developer acts under.
public struct ContainerInfo: Hashable, Sendable, Codable {
    /// The container's identifier.
    public var id: ContainerID
    /// The `userRecordName` that server-to-server keys and management tokens act as in the data API.
    public var developerRecordName: String
    /// When the container was created.
    public var createdAt: Date

    /// Creates container info.
    public init(id: ContainerID, developerRecordName: String, createdAt: Date) {
        self.id = id
        self.developerRecordName = developerRecordName
        self.createdAt = createdAt
    }
}
