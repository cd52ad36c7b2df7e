import CKModel
import Hummingbird

/// `/management/1/containers/{container}/users…`: a container's users with their roles; create one, assign
/// and remove custom roles, issue a web auth token (to test as the user), mark discoverable.
struct ManagementUsersRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let prefix = "management/1/containers/:container/users"
        let users = UserService(storage: services.storage, configuration: services.configuration)
        router.managementRead(prefix, services: services) { _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let list = try await services.storage.users(in: container.id).map(Self.wire)
            return try JSONResponse.make(ManagementUsers.ListResponse(users: list))
        }
        router.managementChange(prefix, services: services, decoding: ManagementUsers.CreateRequest.self) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let (user, token) = try await users.create(
                name: body.name, emailAddress: body.emailAddress, discoverable: body.discoverable ?? false, in: container.id)
            let audit = caller.audit("user.create", container: container.id, target: user.userRecordName, changes: ["created user \(user.name)"])
            return (ManagementUsers.SignedIn(user: Self.wire(user), webAuthToken: token), audit)
        }
        router.managementChange(prefix + "/:user/roles", services: services, decoding: ManagementUsers.RoleRequest.self) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let user = try await users.existing(recordName: context.parameters.get("user") ?? "", in: container.id)
            let changed = try await users.changeRole(body.role, adding: body.assigned, toUserNamed: user.name, in: container.id)
            let change = body.assigned ? "assigned role \(body.role)" : "removed role \(body.role)"
            return (Self.wire(changed), caller.audit("user.roles", container: container.id, target: user.userRecordName, changes: [change]))
        }
        router.managementChange(prefix + "/:user/discoverable", services: services, decoding: ManagementUsers.DiscoverableRequest.self) {
            body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let user = try await users.setDiscoverable(body.discoverable, recordName: context.parameters.get("user") ?? "", in: container.id)
            let change = body.discoverable ? "made discoverable" : "made not discoverable"
            return (Self.wire(user), caller.audit("user.discoverable", container: container.id, target: user.userRecordName, changes: [change]))
        }
        router.managementChange(prefix + "/:user/webAuthToken", services: services, decoding: ManagementUsers.WebAuthTokenRequest.self) {
            _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let user = try await users.existing(recordName: context.parameters.get("user") ?? "", in: container.id)
            let token = try await CredentialService(storage: services.storage, configuration: services.configuration)
                .issueWebAuthToken(container: container.id, userRecordName: user.userRecordName)
            let audit = caller.audit("user.webAuthToken", container: container.id, target: user.userRecordName, changes: ["issued a web auth token"])
            return (ManagementUsers.SignedIn(user: Self.wire(user), webAuthToken: token), audit)
        }
    }

    private static func wire(_ user: UserAccount) -> ManagementUsers.User {
        ManagementUsers.User(
            userRecordName: user.userRecordName, name: user.name, emailAddress: user.emailAddress, discoverable: user.isDiscoverable,
            roles: user.roles)
    }
}
