import CKModel
import Testing

@testable import Dashboard

@Suite("RecordPageCache: a query's records a page at a time, few pages in memory")
struct RecordPageCacheTests {
    /// A query of `total` records served in pages, counting the fetches.
    struct Server {
        let total: Int
        let pageSize: Int
        var fetches: [Int] = []

        mutating func fetch(_ page: Int, marker: String?) -> (records: [Record], marker: String?) {
            #expect(marker == (page == 0 ? nil : "after-\(page - 1)"), "page \(page) is fetched with the marker the page before answered")
            fetches.append(page)
            let start = page * pageSize
            let records = (start..<min(start + pageSize, total)).map { Record(recordName: "r\($0)") }
            return (records, start + pageSize < total ? "after-\(page)" : nil)
        }
    }

    /// Fetches until the rows are in memory, as the screen does.
    func show(_ rows: Range<Int>, cache: inout RecordPageCache, server: inout Server) {
        while let next = cache.nextFetch(for: rows) {
            let answer = server.fetch(next.page, marker: next.marker)
            cache.store(page: next.page, records: answer.records, continuationMarker: answer.marker)
        }
    }

    @Test("scrolling down fetches each page once, in order, and keeps only the most recent pages")
    func scrollingDown() {
        var cache = RecordPageCache(pageSize: 10, capacity: 3)
        var server = Server(total: 95, pageSize: 10)
        for top in stride(from: 0, to: 90, by: 3) {
            show(top..<(top + 8), cache: &cache, server: &server)
            #expect(cache.record(at: top)?.recordName == "r\(top)")
        }
        #expect(server.fetches == Array(0...9))
        #expect(cache.pages.count == 3)
        #expect(cache.isComplete && cache.knownCount == 95)
        #expect(cache.nextFetch(for: 90..<120) == nil, "nothing past the end is fetched")
    }

    @Test("scrolling back to a dropped page fetches it again with its marker")
    func scrollingBack() {
        var cache = RecordPageCache(pageSize: 10, capacity: 2)
        var server = Server(total: 50, pageSize: 10)
        show(40..<45, cache: &cache, server: &server)
        #expect(server.fetches == [0, 1, 2, 3, 4], "a jump ahead reads the pages before it to learn the markers")
        show(12..<18, cache: &cache, server: &server)
        #expect(server.fetches.last == 1)
        #expect(cache.record(at: 12)?.recordName == "r12")
        #expect(cache.record(at: 0) == nil, "page 0 was dropped")
    }

    @Test("before anything is fetched nothing is known; an empty query is complete with no records")
    func emptyQuery() {
        var cache = RecordPageCache(pageSize: 10, capacity: 2)
        #expect(cache.knownCount == 0 && !cache.isComplete)
        #expect(cache.nextFetch(for: 0..<5)?.page == 0)
        cache.store(page: 0, records: [], continuationMarker: nil)
        #expect(cache.isComplete && cache.knownCount == 0 && cache.nextFetch(for: 0..<5) == nil)
    }
}
