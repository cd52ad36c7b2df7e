import CKModel
import Foundation

/// A notification as the live view lists it: what the courier delivered, and when it arrived (the payload carries
/// no time of its own).
struct ReceivedNotification {
    var notification: SubscriptionNotification
    var arrived: Date

    /// `created`, `updated` or `deleted` for a query notification; `nil` for a zone or database one.
    var reason: String? {
        switch notification.queryNotificationReason {
        case .recordCreated?: "created"
        case .recordUpdated?: "updated"
        case .recordDeleted?: "deleted"
        case nil: nil
        }
    }

    /// What the `/` filter matches: the subscription, the record and the zone.
    var filterText: String {
        [notification.subscriptionID, notification.recordName, notification.zoneID?.zoneName].compactMap { $0 }.joined(separator: " ")
    }
}
