import CKModel

/// A choice about how a new subscription's notifications behave, ticked in a checklist when it is created.
enum SubscriptionOption: CaseIterable, Hashable {
    /// Wake the app in the background (`shouldSendContentAvailable`): a silent push, how sync engines learn of changes.
    case contentAvailable
    /// Raise the app's badge (`shouldBadge`).
    case badge

    /// The checklist's line.
    var label: String {
        switch self {
        case .contentAvailable: "Wake the app in background"
        case .badge: "Raise the app's badge"
        }
    }

    /// The notification info of a subscription with `options` ticked; `nil` when none is.
    static func notificationInfo(_ options: [SubscriptionOption]) -> NotificationInfo? {
        guard !options.isEmpty else { return nil }
        return NotificationInfo(shouldBadge: options.contains(.badge) ? true : nil, shouldSendContentAvailable: options.contains(.contentAvailable) ? true : nil)
    }
}
