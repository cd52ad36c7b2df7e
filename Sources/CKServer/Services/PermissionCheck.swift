import CKModel
import CKSchema

/// Answers the management API's permission check with `AccessPolicy`, the rules the data API enforces: what a
/// subject may do with a record type's records in the public database of an environment, and by which grants.
struct PermissionCheck {
    let storage: any ServerStorage
    let users: UserService

    /// The record name the check gives "any signed-in user", who holds `_icloud` and no custom role.
    static let anySignedInUser = "_anySignedInUser"

    /// The verdicts for `subject` on `typeName` in `environment` of `container`.
    func check(
        _ subject: ManagementPermissions.Subject, on typeName: String, in environment: ContainerEnvironment, of container: ContainerID
    ) async throws -> ManagementPermissions.Response {
        let schema = try await storage.schemas(of: container).schema(of: environment)
        guard let recordType = schema.recordType(named: typeName) else {
            throw ServerError(.notFound, reason: "there is no record type \(typeName) in \(environment.rawValue)")
        }
        let caller: Caller
        var name: String?
        switch subject {
        case .anyone:
            caller = .world
        case .signedIn:
            caller = .user(UserAccount(container: container, userRecordName: Self.anySignedInUser, name: "any signed-in user"))
        case .user(let userRecordName):
            let user = try await users.existing(recordName: userRecordName, in: container)
            caller = .user(user)
            name = user.name
        }
        let policy = AccessPolicy(caller: caller)
        let verdicts = Permission.allCases.map { permission in
            let (reach, grantedBy) = policy.verdict(permission, on: recordType)
            return ManagementPermissions.Verdict(permission: permission.rawValue, reach: reach, grantedBy: grantedBy)
        }
        var roles = policy.roles(creator: nil).sorted()
        if caller.userRecordName != nil { roles.append(SecurityRole.creator) }
        return ManagementPermissions.Response(recordType: typeName, subject: subject.parameter, name: name, roles: roles, permissions: verdicts)
    }
}
