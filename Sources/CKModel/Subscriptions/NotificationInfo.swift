/// What a push notification for a subscription shows and carries.
public struct NotificationInfo: Hashable, Sendable, Codable {
    /// The alert's text.
    public var alertBody: String?
    /// A key of the app's localized strings to show instead of `alertBody`.
    public var alertLocalizationKey: String?
    /// Record fields whose values fill the `%@` slots of the localized alert.
    public var alertLocalizationArgs: [String]?
    /// A key of the app's localized strings for the alert's action button.
    public var alertActionLocalizationKey: String?
    /// An image of the app bundle to show on launch from the alert.
    public var alertLaunchImage: String?
    /// A sound of the app bundle to play.
    public var soundName: String?
    /// Whether the notification increments the app's badge.
    public var shouldBadge: Bool?
    /// Whether the notification wakes the app in the background.
    public var shouldSendContentAvailable: Bool?
    /// Record fields to include in the payload.
    public var additionalFields: [String]?
    /// The notification category.
    public var category: String?

    /// Creates notification info.
    public init(
        alertBody: String? = nil, alertLocalizationKey: String? = nil, alertLocalizationArgs: [String]? = nil,
        alertActionLocalizationKey: String? = nil, alertLaunchImage: String? = nil, soundName: String? = nil,
        shouldBadge: Bool? = nil, shouldSendContentAvailable: Bool? = nil, additionalFields: [String]? = nil,
        category: String? = nil
    ) {
        self.alertBody = alertBody
        self.alertLocalizationKey = alertLocalizationKey
        self.alertLocalizationArgs = alertLocalizationArgs
        self.alertActionLocalizationKey = alertActionLocalizationKey
        self.alertLaunchImage = alertLaunchImage
        self.soundName = soundName
        self.shouldBadge = shouldBadge
        self.shouldSendContentAvailable = shouldSendContentAvailable
        self.additionalFields = additionalFields
        self.category = category
    }
}
