import CKClient
import CKModel
import Foundation
import TerminalKit

/// What a screen may ask of the app: its background work, opening another screen, and saying something on the
/// status line.
protocol ScreenHost: AnyObject {
    /// The queue screens start their fetches on; results come back on the run loop's thread.
    var work: BackgroundWork { get }
    /// Opens `destination` for `session` on top of the current screen.
    func open(_ destination: Destination, session: Session)
    /// Closes `screen` when it is on top, back to the screen below (which fetches again if `screen` changed its
    /// data); returns whether it did.
    @discardableResult
    func close(_ screen: any Screen) -> Bool
    /// Shows `message` on the status line until the next key.
    func report(_ message: StatusMessage)
    /// Remembers names the command palette completes: record types, zones, users.
    func learn(_ names: [String], for kind: CompletionKind)
    /// Fetches the count of unread developer notifications the header shows again, after some were marked read.
    func refreshNotificationCount()
    /// Sends `text` to the terminal's clipboard (OSC 52).
    func copyToClipboard(_ text: String, describing what: String)
    /// The folder of the saved queries, one file per container; `nil` when there is none.
    var savedQueriesFolder: URL? { get }
    /// Browses as `user` from now on (their permissions and private database), or as the developer for `nil`.
    func actAs(_ user: ActingUser?)
    /// Browses as the user `client` signs in (with their web auth token) from now on, in `database`.
    func signedIn(_ client: CloudKitClient, userRecordName: String, database: DatabaseScope)
    /// Asks `confirmation` over the screen and runs `action` if the user confirms.
    func confirm(_ confirmation: Confirmation, then action: @escaping () -> Void)
    /// The bulk record changes of this session that can be reverted.
    var undoJournal: UndoJournal { get }
    /// Reverts the newest change of the undo journal, after a confirmation that says what reverting does.
    func undoLastChange()
    /// Makes a change in the background with the spinner on, saying `description` (`Deleting zone Receipts`)
    /// while it runs; on success `done` gets the result, on failure the status line gets the server's reason.
    /// Refuses (and says why) in a read-only session or while production is locked.
    func change<Value: Sendable>(
        _ description: String, _ operation: @escaping @Sendable () async throws -> Value, done: @escaping (Value) -> Void)
}

/// The kinds of names the command palette completes after a command.
enum CompletionKind: Hashable {
    case container, recordType, zone, user
}
