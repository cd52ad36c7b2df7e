import CKModel
import Hummingbird

/// `subscriptions/list`, `subscriptions/lookup` and `subscriptions/modify`.
struct SubscriptionsRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let subscriptions = SubscriptionService(storage: services.storage)
        group.getOperation("subscriptions/list", services: services, subscriptions.list)
        group.postOperation("subscriptions/lookup", services: services, subscriptions.lookup)
        group.postOperation("subscriptions/modify", services: services, subscriptions.modify)
    }
}
