import CKModel
import TerminalKit

/// One screen of the dashboard: what it shows, the keys it answers, and the fetches it starts.
///
/// The app keeps a stack of screens. The top one draws the body and is asked, in turn: to take every key
/// while it has a text field or picker of its own open (`capturesKeys`); to perform the actions of its binding
/// table; and to handle keys nobody bound (the navigation keys of its table or list). Screens are used from
/// the run loop's thread only, and fetch through `host.work` so the interface never waits on the network.
protocol Screen: AnyObject {
    /// Where the screen looks: what the header's breadcrumb shows while it is on top.
    var session: Session { get }
    /// The title in the body's frame, with counts: `Record types [3]`.
    var title: String { get }
    /// The screen's own keys, most important first; those that change data are marked as mutations.
    var bindings: KeyBindingTable { get }
    /// Short items for the right of the status line: the selected row of how many.
    var statusItems: [String] { get }
    /// How `/` filters this screen; `nil` when it has no filter.
    var filterStyle: FilterStyle? { get }
    /// The filter in force, shown in the title.
    var filterText: String { get }
    /// Whether a text field, picker or dialog of the screen is open and takes every key.
    var capturesKeys: Bool { get }
    /// Whether a fetch is under way, which Esc cancels.
    var isLoading: Bool { get }
    /// Whether the change `action` makes must wait for a fetch under way (what it works on has not come yet), so
    /// that its key says to wait instead of doing nothing; by default whether any fetch is under way.
    func isLoading(for action: KeyAction) -> Bool
    /// Whether what the screen's changes work on failed to come, so that keys typed ahead for them are dropped
    /// rather than run against a screen that shows an error.
    var hasFailedToLoad: Bool { get }
    /// What opens the screen again as it is now, when that is more than it was opened as (the query builder's
    /// edited rows); switching environment, database or user reopens the screens from it.
    var currentDestination: Destination? { get }

    /// Starts (or restarts, for `r`) the screen's fetches.
    func load(_ host: any ScreenHost)
    /// Cancels the fetches under way.
    func cancelLoading(_ host: any ScreenHost)
    /// Does one of the screen's own actions.
    func perform(_ action: KeyAction, host: any ScreenHost)
    /// A key nobody bound, or every key while `capturesKeys`; returns whether it was used.
    func handle(_ key: Key, host: any ScreenHost) -> Bool
    /// Applies `text` as the filter: on every edit for a live filter, on Enter for a query.
    func applyFilter(_ text: String, host: any ScreenHost)
    /// Draws the screen into the body.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme)
    /// Runs after each frame, when the screen knows what is on it: the moment to fetch the rows it shows.
    func didDraw(_ host: any ScreenHost)
    /// Why the change a binding makes is not possible on this screen as it is (a schema change in production),
    /// said instead of doing nothing; `nil` when the screen has no objection.
    func refusal(of binding: KeyBinding) -> String?
    /// Whether the screen's changes reach production, so that they wait for production to be unlocked; by default
    /// whether the screen looks at production.
    var changesProduction: Bool { get }
    /// What leaving the screen would throw away (edits not saved), which Esc asks about first; `nil` when nothing.
    var unsavedChanges: String? { get }
    /// Whether the screen changed data the screen below shows, so that one fetches again when this one closes.
    var hasChangedData: Bool { get }
}

/// How a screen's `/` filter applies what is typed.
enum FilterStyle: Equatable {
    /// On every key, over what the screen already holds.
    case live
    /// On Enter, as a query to the server.
    case query(placeholder: String)
}

extension Screen {
    var statusItems: [String] { [] }
    var filterStyle: FilterStyle? { nil }
    var filterText: String { "" }
    var capturesKeys: Bool { false }
    var currentDestination: Destination? { nil }
    func isLoading(for action: KeyAction) -> Bool { isLoading }
    var hasFailedToLoad: Bool { false }
    func applyFilter(_ text: String, host: any ScreenHost) {}
    func didDraw(_ host: any ScreenHost) {}
    func refusal(of binding: KeyBinding) -> String? { nil }
    var changesProduction: Bool { session.environment == .production }
    var unsavedChanges: String? { nil }
    var hasChangedData: Bool { false }
}
