import CKModel
import Foundation

/// Who a management API request comes from: the management token it carries, and what that token may do.
struct ManagementCaller: Sendable {
    /// The token's name, as the audit log records it.
    var tokenName: String
    /// The one container the token is for; `nil` for every container.
    var container: ContainerID?
    /// A token that may read everything and change nothing.
    var isReadOnly: Bool

    /// The caller of `request`: its `Authorization: Bearer` token must be a management token
    /// (`AUTHENTICATION_FAILED` otherwise).
    static func of(_ request: RequestCredentials, storage: any ServerStorage) async throws -> ManagementCaller {
        guard let token = request.managementToken else {
            throw ServerError(.authenticationFailed, reason: "the management API needs a management token in Authorization: Bearer")
        }
        guard let record = try await storage.credential(secretHash: SecretGenerator.hash(of: token)), record.kind == .managementToken else {
            throw ServerError(.authenticationFailed, reason: "the management token is not valid")
        }
        return ManagementCaller(tokenName: record.label, container: record.container, isReadOnly: record.isReadOnly)
    }

    /// Whether the token reaches `container`.
    func reaches(_ container: ContainerID) -> Bool {
        self.container == nil || self.container == container
    }

    /// `ACCESS_DENIED` unless the token reaches `container`.
    func requireReach(_ container: ContainerID) throws {
        guard reaches(container) else {
            throw ServerError(.accessDenied, reason: "the management token is for \(self.container?.rawValue ?? "") only")
        }
    }

    /// `ACCESS_DENIED` for a read-only token.
    func requireWrite() throws {
        guard !isReadOnly else {
            throw ServerError(.accessDenied, reason: "the management token is read-only: it may read and never change anything")
        }
    }

    /// The audit log entry of a change this caller made now.
    func audit(_ action: String, container: ContainerID?, target: String, changes: [String]) -> AuditEntry {
        AuditEntry(date: Date(), tokenName: tokenName, action: action, container: container, target: target, changes: changes)
    }
}
