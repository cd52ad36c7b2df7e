import CKModel
import Hummingbird

/// `subscriptions/list`, `subscriptions/lookup` and `subscriptions/modify`.
struct SubscriptionsRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let subscriptions = SubscriptionService(storage: services.storage)
        group.get("subscriptions/list") { request, context in
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: [], services: services)
            return try resolved.respond(try await subscriptions.list(access: resolved.access))
        }
        group.post("subscriptions/lookup") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(Subscriptions.LookupRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await subscriptions.lookup(body, access: resolved.access))
        }
        group.post("subscriptions/modify") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(Subscriptions.ModifyRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await subscriptions.modify(body, access: resolved.access))
        }
    }
}
