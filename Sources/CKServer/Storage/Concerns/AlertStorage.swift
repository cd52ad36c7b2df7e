import CKModel

/// Alert rules, their firings and recoveries, and developer notifications. One concern of `ServerStorage`; when a
/// rule fires is decided above storage (`AlertEvaluator`).
public protocol AlertStorage: Sendable {
    /// Saves `rule` (a new one, or one of the same ID again).
    func saveAlertRule(_ rule: AlertRule) async throws

    /// Deletes the rule `id` of `container`; whether there was one.
    func deleteAlertRule(_ id: String, in container: ContainerID) async throws -> Bool

    /// The rules of `container`, or of every container, in the order they were made.
    func alertRules(in container: ContainerID?) async throws -> [AlertRule]

    /// Records that the rule `id` now fires or recovered with `event`, unless another server recorded it first
    /// (the rule's `firing` already says so); whether this call recorded it.
    func recordAlertEvent(_ event: AlertEvent) async throws -> Bool

    /// The events of `container`, newest first, of the rule `ruleID` when given, at most `limit`.
    func alertEvents(in container: ContainerID, ruleID: String?, limit: Int) async throws -> [AlertEvent]

    /// Claims the evaluation of the rules at `minute` (milliseconds since 1970): true for the first server that
    /// asks, so several servers evaluate each minute once.
    func claimAlertEvaluation(at minute: Int64) async throws -> Bool

    /// Appends a developer notification and returns it with its sequence number.
    func appendDeveloperNotification(_ notification: DeveloperNotification) async throws -> DeveloperNotification

    /// Notifications newest first, of `container` or of every container (those of none included), before
    /// `sequence` when given, at most `limit`; and how many of them are unread in all.
    func developerNotifications(in container: ContainerID?, before sequence: Int64?, limit: Int) async throws
        -> (notifications: [DeveloperNotification], unread: Int)

    /// Marks read the notifications `sequences` (every one when `nil`) of `container` or of every container.
    func markDeveloperNotificationsRead(_ sequences: [Int64]?, in container: ContainerID?) async throws
}
