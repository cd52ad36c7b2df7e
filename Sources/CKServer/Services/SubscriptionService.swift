import CKModel
import CKSchema
import Foundation

/// Lists, looks up, creates, updates and deletes subscriptions of a database.
public struct SubscriptionService: Sendable {
    let storage: any ServerStorage

    /// Creates the service over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// `subscriptions/list`: every subscription of the database the request reaches.
    public func list(access: DatabaseAccess) async throws -> Subscriptions.Response {
        let database = try access.subscriptionDatabase()
        return Subscriptions.Response(subscriptions: try await storage.subscriptions(in: database).map { .success($0) })
    }

    /// `subscriptions/lookup`: subscriptions by ID, `NOT_FOUND` for missing ones.
    public func lookup(_ request: Subscriptions.LookupRequest, access: DatabaseAccess) async throws -> Subscriptions.Response {
        try ItemLimit.check(request.subscriptions.count, "subscriptions")
        let database = try access.subscriptionDatabase()
        let existing = try await storage.subscriptions(in: database)
        return Subscriptions.Response(subscriptions: request.subscriptions.map { item in
            guard let subscription = existing.first(where: { $0.subscriptionID == item.subscriptionID }) else {
                return .failure(ServerError(.notFound, reason: "there is no subscription \(item.subscriptionID)", subscriptionID: item.subscriptionID))
            }
            return .success(subscription)
        })
    }

    /// `subscriptions/modify`: creates (an existing ID is replaced, as CloudKit does), updates and deletes,
    /// in order. A query subscription's query must be one the schema can run; a zone subscription's zone
    /// must exist.
    public func modify(_ request: Subscriptions.ModifyRequest, access: DatabaseAccess) async throws -> Subscriptions.Response {
        try ItemLimit.check(request.operations.count, "operations")
        try access.requireWriter()
        let database = try access.subscriptionDatabase()
        let schema = try await RecordService(storage: storage).currentSchema(access)
        var results: [ItemResult<Subscription>] = []
        for operation in request.operations {
            var subscription = operation.subscription
            do {
                switch operation.operationType {
                case .create, .update:
                    if operation.operationType == .create, subscription.subscriptionID == nil {
                        subscription.subscriptionID = UUID().uuidString
                    }
                    guard let id = subscription.subscriptionID else {
                        throw ServerError(.badRequest, reason: "an update needs the subscriptionID")
                    }
                    if operation.operationType == .update,
                        try await !storage.subscriptions(in: database).contains(where: { $0.subscriptionID == id })
                    {
                        throw ServerError(.notFound, reason: "there is no subscription \(id)")
                    }
                    try await check(subscription, schema: schema, access: access)
                    try await storage.saveSubscription(subscription, in: database)
                    results.append(.success(subscription))
                case .delete:
                    let existing = try await storage.subscriptions(in: database).first { $0.subscriptionID == subscription.subscriptionID }
                    guard let existing, let id = existing.subscriptionID, try await storage.deleteSubscription(id, in: database) else {
                        throw ServerError(.notFound, reason: "there is no subscription \(subscription.subscriptionID ?? "")")
                    }
                    results.append(.success(Subscription(subscriptionID: id, subscriptionType: existing.subscriptionType)))
                }
            } catch var error as ServerError {
                error.subscriptionID = subscription.subscriptionID
                results.append(.failure(error))
            }
        }
        return Subscriptions.Response(subscriptions: results)
    }

    private func check(_ subscription: Subscription, schema: Schema, access: DatabaseAccess) async throws {
        switch subscription.subscriptionType {
        case .query:
            guard let query = subscription.query else {
                throw ServerError(.badRequest, reason: "a query subscription needs a query")
            }
            guard let recordType = schema.recordType(named: query.recordType) else {
                throw ServerError(.badRequest, reason: "Did not find record type: \(query.recordType)")
            }
            _ = try QueryPlan.make(Query(recordType: query.recordType, filterBy: query.filterBy), recordType: recordType, forSubscription: true)
            guard !(subscription.firesOn ?? []).isEmpty else {
                throw ServerError(.badRequest, reason: "a query subscription needs firesOn (create, update or delete)")
            }
        case .zone:
            if subscription.zoneID == nil, subscription.zoneWide == true {
                return
            }
            guard let zoneID = subscription.zoneID, try await storage.zoneExists(try access.zone(zoneID)) else {
                throw ServerError(.zoneNotFound, reason: "a zone subscription needs an existing zoneID, or zoneWide for every zone")
            }
        }
    }
}
