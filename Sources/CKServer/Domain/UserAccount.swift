import CKModel
import Foundation

/// A user of a container: their record name, how they are found, and their custom security roles.
public struct UserAccount: Hashable, Sendable, Codable {
    /// The container the user belongs to.
    public var container: ContainerID
    /// `_` followed by 32 hex characters, the same in both environments.
    public var userRecordName: String
    /// The name the user was created with, unique in the container.
    public var name: String
    /// The user's email address, for `users/lookup/email` and discovery.
    public var emailAddress: String?
    /// Whether other users may discover this one.
    public var isDiscoverable: Bool
    /// The custom roles the user holds, by name.
    public var roles: [String]

    /// Creates a user account.
    public init(
        container: ContainerID, userRecordName: String, name: String, emailAddress: String? = nil,
        isDiscoverable: Bool = false, roles: [String] = []
    ) {
        self.container = container
        self.userRecordName = userRecordName
        self.name = name
        self.emailAddress = emailAddress
        self.isDiscoverable = isDiscoverable
        self.roles = roles
    }
}
