import CKClient
import CKModel

/// Fetches what the containers screen shows: every container the token reaches, with its record counts.
struct ContainersLoader: Sendable {
    let client: CloudKitClient

    /// The containers, by identifier.
    func containers() async throws -> [ManagementContainers.Container] {
        try await client.containers().sorted { $0.containerID.rawValue < $1.containerID.rawValue }
    }

    /// The users of `container`, for choosing whose private and shared databases to browse.
    func users(of container: ContainerID) async throws -> [ManagementUsers.User] {
        try await client.addressing(container, environment: .development).users().sorted { $0.name < $1.name }
    }
}
