import CKModel
import Hummingbird

/// `records/query`, `records/lookup`, `records/modify`, and for shares `records/resolve` and `records/accept`.
struct RecordsRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>) {
        let records = RecordService(
            storage: services.storage, notifications: NotificationService(services: services),
            assets: AssetService(storage: services.storage, configuration: services.configuration))
        group.postOperation("records/query", services: services, numbersAsStrings: \.numbersAsStrings, records.query)
        group.postOperation("records/lookup", services: services, numbersAsStrings: \.numbersAsStrings, records.lookup)
        group.postOperation("records/modify", services: services, bodyLimit: services.configuration.limits.modifyBody, numbersAsStrings: \.numbersAsStrings, records.modify)
        let shares = ShareService(storage: services.storage)
        group.postOperation("records/resolve", services: services, shares.resolve)
        group.postOperation("records/accept", services: services, shares.accept)
    }
}
