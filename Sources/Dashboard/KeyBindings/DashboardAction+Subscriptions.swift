import TerminalKit

/// The actions of the subscriptions screen, the live notifications and the query builder's subscribing.
extension KeyAction {
    /// Create a zone subscription.
    static let createZoneSubscription = KeyAction("create-zone-subscription")
    /// Delete the selected subscription.
    static let deleteSubscription = KeyAction("delete-subscription")
    /// Watch the notifications of the user's subscriptions arrive, live.
    static let showNotifications = KeyAction("show-notifications")
    /// Create a query subscription from the query built.
    static let subscribeToQuery = KeyAction("subscribe-to-query")
}
