import CKModel
import Hummingbird

/// `zones/list`, `zones/lookup` and `zones/modify`.
struct ZonesRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let zones = ZoneService(storage: services.storage, assets: AssetService(storage: services.storage, configuration: services.configuration))
        group.getOperation("zones/list", services: services, zones.list)
        group.postOperation("zones/lookup", services: services, zones.lookup)
        group.postOperation("zones/modify", services: services, zones.modify)
    }
}
