/// An asynchronous sequence of pages, each fetched with the cursor the previous one ended on (a query's
/// `continuationMarker`, a change feed's `syncToken`) until a page says no more follow.
///
/// Each page is fetched when iteration asks for it, so a loop that stops early sends no further requests;
/// cancelling the iterating task ends it with `CancellationError` before the next request.
public struct PageSequence<Page: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

    private let start: String?
    private let fetch: @Sendable (String?) async throws -> Page
    private let cursorAfter: @Sendable (Page) -> String?

    /// A sequence starting from `start`, fetching each page with `fetch`; `cursorAfter` gives the cursor of the
    /// next page, or `nil` after the last one.
    init(start: String?, fetch: @escaping @Sendable (String?) async throws -> Page, cursorAfter: @escaping @Sendable (Page) -> String?) {
        self.start = start
        self.fetch = fetch
        self.cursorAfter = cursorAfter
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: start, fetch: fetch, cursorAfter: cursorAfter)
    }

    /// Fetches the pages one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var cursor: String?
        let fetch: @Sendable (String?) async throws -> Page
        let cursorAfter: @Sendable (Page) -> String?
        var isFinished = false

        public mutating func next() async throws -> Page? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let page = try await fetch(cursor)
            cursor = cursorAfter(page)
            isFinished = cursor == nil
            return page
        }
    }
}
