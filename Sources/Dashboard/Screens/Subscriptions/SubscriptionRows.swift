import CKModel
import CKSchema
import TerminalKit

/// The subscriptions of a database as their screen shows them: ID, type, the record type or zone watched, the
/// changes a query subscription fires on, and its predicate.
enum SubscriptionRows {
    /// The table's columns.
    static let columns = [
        TableColumn("SUBSCRIPTION", width: .flexible(minimum: 12)),
        TableColumn("TYPE", width: .fixed(5)),
        TableColumn("RECORD TYPE/ZONE", width: .flexible(minimum: 16)),
        TableColumn("FIRES ON", width: .flexible(minimum: 8)),
        TableColumn("PREDICATE", width: .flexible(minimum: 20)),
    ]

    /// One row per subscription.
    static func rows(_ subscriptions: [Subscription]) -> TableRows {
        TableRows(subscriptions.map { subscription in
            [
                TableCell(subscription.subscriptionID ?? "—"), TableCell(subscription.subscriptionType.rawValue, role: .muted),
                TableCell(watched(by: subscription)), TableCell(firesOn(subscription), role: subscription.firesOn == nil ? .muted : nil),
                TableCell(predicate(of: subscription), role: subscription.query?.filterBy?.isEmpty == false ? nil : .muted),
            ]
        })
    }

    /// The record type a query subscription watches (and its zone, when it watches one zone), or a zone
    /// subscription's zone.
    static func watched(by subscription: Subscription) -> String {
        let zone = subscription.zoneID.map { "zone \($0.zoneName)" } ?? "every zone"
        guard let query = subscription.query else { return subscription.zoneID == nil ? "every zone" : zone }
        return subscription.zoneID == nil || subscription.zoneWide == true ? query.recordType : "\(query.recordType) in \(zone)"
    }

    /// `create, update`: the changes a query subscription fires on; a zone subscription fires on every change.
    static func firesOn(_ subscription: Subscription) -> String {
        subscription.firesOn.map { $0.map(\.rawValue).joined(separator: ", ") } ?? "any change"
    }

    /// The query's filters as `ckdash records query --filter` reads them, joined by `and`.
    static func predicate(of subscription: Subscription) -> String {
        guard let query = subscription.query else { return "every record of the zone" }
        let filters = (query.filterBy ?? []).map(FilterExpression.format)
        return filters.isEmpty ? "every \(query.recordType) record" : filters.joined(separator: " and ")
    }
}
