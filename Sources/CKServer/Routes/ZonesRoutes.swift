import CKModel
import Hummingbird

/// `zones/list`, `zones/lookup` and `zones/modify`.
struct ZonesRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let zones = ZoneService(storage: services.storage)
        group.get("zones/list") { request, context in
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: [], services: services)
            return try resolved.respond(try await zones.list(access: resolved.access))
        }
        group.post("zones/lookup") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(Zones.LookupRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await zones.lookup(body, access: resolved.access))
        }
        group.post("zones/modify") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(Zones.ModifyRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await zones.modify(body, access: resolved.access))
        }
    }
}
