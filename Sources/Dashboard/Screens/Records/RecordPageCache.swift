import CKModel

/// The records of one query as the records screen scrolls through them, a page at a time: never all at once,
/// and never more than a few pages in memory.
///
/// A query's pages can only be read in order, each with the continuation marker the previous one answered,
/// so the cache remembers every marker it was given (a few bytes each) and keeps the records of the
/// `capacity` most recently used pages. A page that was dropped is fetched again with its marker.
struct RecordPageCache {
    /// Records per page (CloudKit answers at most 200).
    let pageSize: Int
    /// Pages whose records are kept.
    let capacity: Int
    /// The records of the pages in memory, by page number from 0.
    private(set) var pages: [Int: [Record]] = [:]
    /// The marker that fetches each page after the first.
    private var markers: [Int: String] = [:]
    /// The number of the last page, once a page came back without a marker.
    private var lastPage: Int?
    /// Page numbers, least recently used first.
    private var recency: [Int] = []
    /// The highest page number seen so far.
    private var highestPage = -1
    /// The record count of the highest page seen.
    private var highestPageCount = 0

    /// An empty cache for a query.
    init(pageSize: Int = 200, capacity: Int = 5) {
        self.pageSize = pageSize
        self.capacity = max(2, capacity)
    }

    /// How many records are known to exist: all of them once the last page was seen.
    var knownCount: Int {
        highestPage < 0 ? 0 : highestPage * pageSize + highestPageCount
    }

    /// Whether every page was seen, so `knownCount` is the total.
    var isComplete: Bool {
        lastPage != nil
    }

    /// The record at `index`, or `nil` while its page is not in memory.
    mutating func record(at index: Int) -> Record? {
        let page = index / pageSize
        guard let records = pages[page], index % pageSize < records.count else { return nil }
        touch(page)
        return records[index % pageSize]
    }

    /// The next page to fetch so that the rows `rows` can be shown, with the marker to fetch it: the first page
    /// of the range not in memory, or, when its marker is not known yet, the first page after the known ones.
    /// `nil` when every page the rows need is in memory (or lies past the end).
    func nextFetch(for rows: Range<Int>) -> (page: Int, marker: String?)? {
        guard !rows.isEmpty else { return nil }
        let wanted = (rows.lowerBound / pageSize)...((rows.upperBound - 1) / pageSize)
        for page in wanted where pages[page] == nil {
            if let lastPage, page > lastPage { return nil }
            if page == 0 { return (0, nil) }
            if let marker = markers[page] { return (page, marker) }
            // Pages before this one are needed first, to learn its marker.
            return (highestPage + 1, markers[highestPage + 1])
        }
        return nil
    }

    /// Keeps a fetched page and the marker of the page after it (`nil`: it was the last page).
    mutating func store(page: Int, records: [Record], continuationMarker: String?) {
        pages[page] = records
        touch(page)
        if let continuationMarker {
            markers[page + 1] = continuationMarker
        } else {
            lastPage = page
        }
        if page >= highestPage {
            highestPage = page
            highestPageCount = records.count
        }
        while recency.count > capacity {
            pages[recency.removeFirst()] = nil
        }
    }

    private mutating func touch(_ page: Int) {
        recency.removeAll { $0 == page }
        recency.append(page)
    }
}
