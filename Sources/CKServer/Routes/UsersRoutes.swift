import CKModel
import Hummingbird

/// `users/current`, `users/caller`, `users/discover` and `users/lookup/*`.
struct UsersRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.getOperation("users/current", services: services) { access in
            User(userRecordName: try access.requireUser().userRecordName)
        }
        group.getOperation("users/caller", services: services) { access in
            UsersLookup.CallerResponse(caller: UserDirectory.identity(of: try access.requireUser(), includingName: true))
        }
        let directory = UserDirectory(storage: services.storage)
        group.getOperation("users/discover", services: services) { access in try await directory.discover(nil, access: access) }
        group.postOperation("users/discover", services: services) { (body: UsersLookup.DiscoverRequest, access) in
            try await directory.discover(body.lookupInfos, access: access)
        }
        group.postOperation("users/lookup/email", services: services, directory.lookup)
        group.postOperation("users/lookup/id", services: services, directory.lookup)
    }
}
