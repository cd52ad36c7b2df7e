import TerminalKit

/// What the live screens share (a zone's changes, the notifications, the request log): a starting point fetched
/// once (a sync token, a push token's courier URL, the log's newest page), then a `LivePoll` from it whose answers
/// add their items at the top of a filtered list, newest first, under a line saying that the list is live, paused,
/// or why it stopped. At most `capacity` items are kept: past it the oldest go, and the line counts them.
final class LiveFeed<Cursor: Sendable, Answer: Sendable, Item> {
    /// The items so far, narrowed by the `/` filter.
    var list: FilteredList<Item>
    private let start: Remote<Cursor>
    private let poll: LivePoll<Answer>
    private let fetch: @Sendable (Cursor) async throws -> Answer
    private let advance: (Answer) -> (cursor: Cursor?, items: [Item])
    private var rows: ([Item]) -> TableRows
    private let initial: (Cursor) -> [Item]
    private let capacity: Int
    /// Items dropped for the capacity since the list was last cleared.
    private(set) var dropped = 0
    /// Items passed over to keep up with bursts since the list was last cleared.
    private(set) var skipped = SkippedItems()
    /// What an answer passed over to keep up.
    private let skips: (Answer) -> SkippedItems
    /// Whether following is paused (`s` on the request log): nothing new comes until it is resumed.
    private(set) var isPaused = false
    /// Where the next fetch starts from, once started.
    private var cursor: Cursor?
    /// Why the polling stopped, until `load` starts it again.
    private var stopped: String?
    private var items: [Item] = []

    /// A feed whose items are listed in a table of `columns` (each item made into a row by `rows`, matched by the
    /// filter on `name`), started from what `start` fetches, then fetching with `fetch` every `interval`; `advance`
    /// gives an answer's items (newest first) and the cursor the next fetch starts from (the same one when `nil`).
    /// `initial` gives the items the starting point itself holds (newest first); at most `capacity` are kept. A feed
    /// made `isPaused` fetches its starting point and waits for `setPaused(false)` to follow. `skips` says what an
    /// answer passed over to keep up with a burst, which the line above the list counts.
    init(
        columns: [TableColumn], emptyMessage: String, name: @escaping (Item) -> String, interval: Duration,
        start: @escaping @Sendable () async throws -> Cursor, fetch: @escaping @Sendable (Cursor) async throws -> Answer,
        advance: @escaping (Answer) -> (cursor: Cursor?, items: [Item]), rows: @escaping ([Item]) -> TableRows,
        initial: @escaping (Cursor) -> [Item] = { _ in [] }, capacity: Int = .max, isPaused: Bool = false,
        skips: @escaping (Answer) -> SkippedItems = { _ in SkippedItems() }
    ) {
        list = FilteredList(columns: columns, emptyMessage: emptyMessage, name: name)
        self.start = Remote(start)
        poll = LivePoll(every: interval)
        self.fetch = fetch
        self.advance = advance
        self.rows = rows
        self.initial = initial
        self.capacity = capacity
        self.isPaused = isPaused
        self.skips = skips
    }

    /// Whether the starting point is being fetched, which Esc cancels.
    var isLoading: Bool { start.isLoading }

    /// `base [count] /filter · live`: a live screen's title.
    func title(_ base: String) -> String {
        list.title(base, isLoaded: cursor != nil) + (isPaused ? " · paused" : poll.isPolling ? " · live" : "")
    }

    /// Fetches the starting point and polls from it; after a stop, polls again from where it stopped.
    func load(in work: BackgroundWork) {
        stopped = nil
        if let cursor {
            if !isPaused { listen(from: cursor, in: work) }
        } else {
            start.load(in: work) { [weak self, weak work] cursor in
                guard let self, let work else { return }
                insert(initial(cursor))
                if isPaused {
                    self.cursor = cursor
                } else {
                    listen(from: cursor, in: work)
                }
            }
        }
    }

    /// Pauses following (the items stay), or follows again from where it paused.
    func setPaused(_ paused: Bool, in work: BackgroundWork) {
        isPaused = paused
        if paused {
            poll.stop()
        } else if let cursor {
            stopped = nil
            listen(from: cursor, in: work)
        }
    }

    private func listen(from cursor: Cursor, in work: BackgroundWork) {
        self.cursor = cursor
        let fetch = fetch
        poll.start(in: work, request: { [weak self] in
            let cursor = self?.cursor ?? cursor
            return { try await fetch(cursor) }
        }, apply: { [weak self] answer in
            self?.add(answer)
        }, failed: { [weak self] error in
            self?.stopped = ErrorMessage.text(for: error)
        })
    }

    private func add(_ answer: Answer) {
        let (next, new) = advance(answer)
        if let next { cursor = next }
        skipped = skipped + skips(answer)
        insert(new)
    }

    /// Puts `new` (newest first) at the top, keeping at most `capacity` items.
    private func insert(_ new: [Item]) {
        guard !new.isEmpty else { return }
        items.insert(contentsOf: new, at: 0)
        if items.count > capacity {
            dropped += items.count - capacity
            items.removeLast(items.count - capacity)
        }
        list.show(items, rows: rows)
    }

    /// Stops fetching: the starting point, and the poll (when the screen is left).
    func cancel(in work: BackgroundWork) {
        start.cancel(in: work)
        poll.stop()
    }

    /// Starts the next fetch, from the screen's frame while it is on top.
    func resume() {
        poll.resume()
    }

    /// Lists the items in a table of `columns`, each made into a row by `rows` from now on (the columns a user
    /// chose).
    func show(columns: [TableColumn], rows: @escaping ([Item]) -> TableRows) {
        self.rows = rows
        list.table.columns = columns
        list.show(items, rows: rows)
    }

    /// Forgets the items listed so far; new ones keep coming.
    func clear() {
        items = []
        dropped = 0
        skipped = SkippedItems()
        list.show(items, rows: rows)
    }

    /// Draws the state of the starting point while there is none (`loading`, or the error), else the line saying
    /// `live` (or why the polling stopped) above the table.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, loading: String, live: String) {
        guard start.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: loading) != nil else { return }
        let (caption, table) = rect.splitTop(1)
        let text = stopped.map { "Stopped: \($0) r starts again." } ?? (isPaused ? "Paused: s follows again." : live)
            + (dropped > 0 ? " \(Counting.grouped(dropped)) older ones dropped from the list." : "")
            + (skipped.count > 0 ? " \(skipped.text) skipped in bursts to show the newest." : "")
        canvas.write(text, in: caption, style: theme.style(stopped == nil ? .muted : .error))
        list.table.draw(in: table, on: &canvas, theme: theme, focused: true)
    }
}
