import TerminalKit

/// A screen that shows a `LiveFeed` (a zone's changes, the notifications, the request log): it loads the feed, polls
/// while on top, stops when left, filters its list, opens or clears the item its keys name, and pauses following.
protocol LiveFeedScreen: Screen {
    associatedtype Cursor: Sendable
    associatedtype Answer: Sendable
    associatedtype Item
    /// The feed shown.
    var feed: LiveFeed<Cursor, Answer, Item> { get }
    /// Opens what `item` is about (Enter).
    func open(_ item: Item, host: any ScreenHost)
}

extension LiveFeedScreen {
    var statusItems: [String] { feed.list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { feed.list.filter }
    var isLoading: Bool { feed.isLoading }

    func load(_ host: any ScreenHost) {
        feed.load(in: host.work)
    }

    func cancelLoading(_ host: any ScreenHost) {
        feed.cancel(in: host.work)
    }

    func didDraw(_ host: any ScreenHost) {
        feed.resume()
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        performFeedAction(action, host: host)
    }

    /// What the live screens' shared keys do: open, clear, pause or follow again; a screen with keys of its own
    /// calls it for the others.
    func performFeedAction(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            if let item = feed.list.selected { open(item, host: host) }
        case .clearList:
            feed.clear()
        case .toggleFollow:
            feed.setPaused(!feed.isPaused, in: host.work)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        feed.list.table.handleOpening(key) { perform(.open, host: host) }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        feed.list.applyFilter(text)
    }
}
