import CKModel
import Hummingbird

/// `records/query`, `records/lookup` and `records/modify`.
struct RecordsRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let records = RecordService(
            storage: services.storage, notifications: NotificationService(storage: services.storage, configuration: services.configuration),
            assets: AssetService(storage: services.storage, configuration: services.configuration))
        group.post("records/query") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(RecordsQuery.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await records.query(body, access: resolved.access), numbersAsStrings: body.numbersAsStrings)
        }
        group.post("records/lookup") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(RecordsLookup.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await records.lookup(body, access: resolved.access), numbersAsStrings: body.numbersAsStrings)
        }
        group.post("records/modify") { request, context in
            let (body, bytes) = try await DatabaseRequest.body(RecordsModify.Request.self, of: request)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: bytes, services: services)
            return try resolved.respond(try await records.modify(body, access: resolved.access), numbersAsStrings: body.numbersAsStrings)
        }
    }
}
