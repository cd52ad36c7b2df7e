import CKModel
import Foundation

/// Creates and lists containers.
public struct ContainerService: Sendable {
    let storage: any ServerStorage

    /// Creates the service over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// Creates a container with both environments and empty schemas; `EXISTS` if it exists.
    @discardableResult
    public func create(_ id: ContainerID) async throws -> ContainerInfo {
        let container = ContainerInfo(id: id, developerRecordName: SecretGenerator.userRecordName(), createdAt: Date())
        try await storage.createContainer(container)
        return container
    }

    /// The container, or `NOT_FOUND`.
    public func existing(_ id: ContainerID) async throws -> ContainerInfo {
        guard let container = try await storage.container(id) else {
            throw ServerError(.notFound, reason: "there is no container \(id)")
        }
        return container
    }
}
