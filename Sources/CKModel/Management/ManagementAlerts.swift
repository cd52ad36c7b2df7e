/// `/management/1/containers/{container}/alerts`: a container's alert rules, their events and their preview; and
/// `/management/1/notifications`, the developer notifications.
public enum ManagementAlerts {
    /// `GET …/alerts`: the rules, with whether each is firing.
    public struct RulesResponse: Hashable, Sendable, Codable {
        public var rules: [AlertRule]

        public init(rules: [AlertRule]) {
            self.rules = rules
        }
    }

    /// `POST …/alerts/delete`.
    public struct DeleteRequest: Hashable, Sendable, Codable {
        public var id: String

        public init(id: String) {
            self.id = id
        }
    }

    /// `GET …/alerts/events`: firings and recoveries, newest first.
    public struct EventsResponse: Hashable, Sendable, Codable {
        public var events: [AlertEvent]

        public init(events: [AlertEvent]) {
            self.events = events
        }
    }

    /// `POST …/alerts/preview` (a rule as its body): when it would have fired over the last seven days.
    public struct PreviewResponse: Hashable, Sendable, Codable {
        /// The evaluations, oldest first, one per step.
        public var points: [PreviewPoint]
        /// Seconds between evaluations.
        public var step: Int
        /// The stretches it would have been firing, as `[start, end)` in milliseconds since 1970; the last has no
        /// end when it would be firing now.
        public var firings: [Firing]

        public init(points: [PreviewPoint], step: Int, firings: [Firing]) {
            self.points = points
            self.step = step
            self.firings = firings
        }
    }

    /// One evaluation of a preview: the metric over the window ending at `timestamp`, and the threshold then.
    public struct PreviewPoint: Hashable, Sendable, Codable {
        public var timestamp: Int64
        public var value: Double?
        public var threshold: Double?
        public var firing: Bool

        public init(timestamp: Int64, value: Double?, threshold: Double?, firing: Bool) {
            self.timestamp = timestamp
            self.value = value
            self.threshold = threshold
            self.firing = firing
        }
    }

    /// A stretch a rule was, or would have been, firing.
    public struct Firing: Hashable, Sendable, Codable {
        public var start: Int64
        public var end: Int64?

        public init(start: Int64, end: Int64?) {
            self.start = start
            self.end = end
        }
    }

    /// `GET /management/1/notifications`: newest first.
    public struct NotificationsResponse: Hashable, Sendable, Codable {
        public var notifications: [DeveloperNotification]
        /// How many are unread, of those the caller may see.
        public var unread: Int

        public init(notifications: [DeveloperNotification], unread: Int) {
            self.notifications = notifications
            self.unread = unread
        }
    }

    /// `POST /management/1/notifications/read`: marks these notifications read, or all with `all`.
    public struct ReadRequest: Hashable, Sendable, Codable {
        public var sequences: [Int64]?
        public var all: Bool?

        public init(sequences: [Int64]? = nil, all: Bool? = nil) {
            self.sequences = sequences
            self.all = all
        }
    }
}
