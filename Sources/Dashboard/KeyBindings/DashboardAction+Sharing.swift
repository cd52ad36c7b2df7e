import TerminalKit

/// The actions of the shares screen and of a share's invitation.
extension KeyAction {
    /// Open the shares of the selected zone.
    static let showShares = KeyAction("show-shares")
    /// Share a whole zone, or the record on screen.
    static let share = KeyAction("share")
    /// Invite a user to the selected share.
    static let addParticipant = KeyAction("add-participant")
    /// Remove a participant from the selected share.
    static let removeParticipant = KeyAction("remove-participant")
    /// Change what a participant of the selected share may do.
    static let changeParticipantPermission = KeyAction("change-participant-permission")
    /// Change what anyone signed in who has the selected share's link may do.
    static let changePublicPermission = KeyAction("change-public-permission")
    /// End the selected share.
    static let stopSharing = KeyAction("stop-sharing")
    /// Join the share as the user acted as.
    static let acceptShare = KeyAction("accept-share")
}
