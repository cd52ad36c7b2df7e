import CKClient

extension PageSequence {
    /// The items of the pages, `items` taking them from each, up to `limit` of them (every page's when `nil`),
    /// fetching no page past the limit.
    func items<Item>(_ items: (Page) -> [Item], limit: Int?) async throws -> [Item] {
        var collected: [Item] = []
        for try await page in self {
            collected += items(page)
            if let limit, collected.count >= limit { return Array(collected.prefix(limit)) }
        }
        return collected
    }
}
