import CKModel
import Hummingbird

/// `users/current`, `users/caller`, `users/discover` and `users/lookup/*`.
struct UsersRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.get("users/current") { request, context in
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: [], services: services)
            let user = try resolved.access.requireUser()
            return try resolved.respond(User(userRecordName: user.userRecordName))
        }
        group.get("users/caller") { request, context in
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: [], services: services)
            let user = try resolved.access.requireUser()
            return try resolved.respond(UsersLookup.IdentitiesResponse(users: [UserDirectory.identity(of: user, includingName: true)]))
        }
        let directory = UserDirectory(storage: services.storage)
        group.get("users/discover") { request, context in
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: [], services: services)
            return try resolved.respond(try await directory.discover(nil, access: resolved.access))
        }
        group.post("users/discover") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(UsersLookup.DiscoverRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await directory.discover(body.lookupInfos, access: resolved.access))
        }
        for path in ["users/lookup/email", "users/lookup/id"] {
            group.post(RouterPath(path)) { request, context in
                let (body, bytes) = try await DatabaseRequest.body(UsersLookup.LookupRequest.self, of: request)
                let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
                return try resolved.respond(try await directory.lookup(body, access: resolved.access))
            }
        }
    }
}
