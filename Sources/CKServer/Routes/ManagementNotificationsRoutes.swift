import CKModel
import Hummingbird

/// `/management/1/notifications`: the developer notifications, newest first, a page at a time; and marking them
/// read. A token for one container sees that container's only.
struct ManagementNotificationsRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.managementRead("management/1/notifications", services: services) { request, _, caller in
            let query = request.uri.queryParameters
            let container = try ManagementParameters.container(query.get("container"), caller: caller)
            let limit = try ManagementParameters.limit(query.get("limit"), standard: 50, maximum: 200)
            let before = try ManagementParameters.sequence(marker: query.get("continuationMarker"))
            let found = try await services.storage.developerNotifications(in: container, before: before, limit: limit)
            return try JSONResponse.make(ManagementAlerts.NotificationsResponse(notifications: found.notifications, unread: found.unread))
        }
        router.managementChange(
            "management/1/notifications/read", services: services, decoding: ManagementAlerts.ReadRequest.self, changes: { _ in false }
        ) {
            body, _, caller in
            guard (body.all == true) != (body.sequences != nil) else {
                throw ServerError(.badRequest, reason: "name the notifications to mark read in sequences, or send all: true")
            }
            try await services.storage.markDeveloperNotificationsRead(body.all == true ? nil : body.sequences, in: caller.container)
            return (body, nil)
        }
    }
}
