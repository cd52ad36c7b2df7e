import CKModel
import Hummingbird

/// `changes/zone`, `records/changes`, `changes/database` and `zones/changes`.
struct ChangesRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let feeds = ChangeFeedService(storage: services.storage)
        group.post("changes/zone") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(ChangesZone.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await feeds.zoneChanges(body, access: resolved.access), numbersAsStrings: body.numbersAsStrings)
        }
        group.post("changes/database") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(ChangesDatabase.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await feeds.databaseChanges(body, access: resolved.access))
        }
        group.post("zones/changes") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(ChangesDatabase.ZonesChangesRequest.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await feeds.zonesChanges(body, access: resolved.access))
        }
        group.post("records/changes") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(RecordsChanges.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await feeds.recordChanges(body, access: resolved.access), numbersAsStrings: body.numbersAsStrings)
        }
    }
}
