import CKClient
import CKModel

/// Reads the developer notifications of every container the management token reaches, and marks them read.
struct DeveloperNotificationsLoader: Sendable {
    let client: CloudKitClient

    /// The newest notifications listed.
    static let limit = 200

    /// The newest notifications, newest first, with how many are unread in all.
    func notifications() async throws -> ManagementAlerts.NotificationsResponse {
        try await client.developerNotifications(limit: Self.limit)
    }

    /// Marks the notifications `sequences` read, or every one when `nil`.
    func markRead(_ sequences: [Int64]?) async throws {
        try await client.markNotificationsRead(sequences)
    }
}
