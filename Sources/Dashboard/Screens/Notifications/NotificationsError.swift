/// Why the notifications of subscriptions cannot be watched, said on screen in their place.
enum NotificationsError: Error, CustomStringConvertible {
    /// Push tokens belong to a signed-in user, and the management token alone is nobody.
    case needsUser

    var description: String {
        switch self {
        case .needsUser:
            "Live notifications need a user: the server sends a subscription's notifications to the push tokens of the user who "
                + "owns it, and the management token alone is no user. Act as one (:user NAME, or Enter on :users), then watch "
                + "the notifications of their subscriptions here."
        }
    }
}
