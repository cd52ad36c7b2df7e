import CKClient
import CKModel

/// Reads who the signed-in user is and whom they can discover, through the data API (`users/caller`,
/// `users/discover`): the users screen where there is no management API to list the container's users.
struct DiscoveredUsersLoader: Sendable {
    let client: CloudKitClient

    /// The signed-in user first, then every user they can discover (each once).
    func identities() async throws -> [DiscoveredUser] {
        async let caller = client.callerIdentity()
        async let others = client.discoverAllUserIdentities()
        let me = try await caller
        let discovered = try await others.filter { $0.userRecordName != me.userRecordName }
        return [DiscoveredUser(identity: me, isCaller: true)] + discovered.map { DiscoveredUser(identity: $0, isCaller: false) }
    }
}
