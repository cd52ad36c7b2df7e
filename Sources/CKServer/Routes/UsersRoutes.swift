import CKModel
import Hummingbird

/// `users/current` and `users/caller`: who the signed-in user is.
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
            let identity = UserIdentity(
                userRecordName: user.userRecordName,
                lookupInfo: .init(emailAddress: user.emailAddress, userRecordName: user.userRecordName),
                nameComponents: .init(givenName: user.name))
            return try resolved.respond(["users": [identity]])
        }
    }
}
