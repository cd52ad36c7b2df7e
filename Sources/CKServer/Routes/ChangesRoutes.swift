import CKModel
import Hummingbird

/// `changes/zone`, `records/changes`, `changes/database` and `zones/changes`.
struct ChangesRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let feeds = ChangeFeedService(storage: services.storage)
        group.postOperation("changes/zone", services: services, numbersAsStrings: \.numbersAsStrings, feeds.zoneChanges)
        group.postOperation("records/changes", services: services, numbersAsStrings: \.numbersAsStrings, feeds.recordChanges)
        group.postOperation("changes/database", services: services, feeds.databaseChanges)
        group.postOperation("zones/changes", services: services, feeds.zonesChanges)
    }
}
