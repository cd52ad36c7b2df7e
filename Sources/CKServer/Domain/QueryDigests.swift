import CKModel
import NIOConcurrencyHelpers

/// The digests of the queries paged through lately (`QueryCursor.digest`): each page's request checks the
/// marker it brings against its query's digest, and encoding the query and hashing it again cost some 4% of a
/// small page. Keyed by the query itself, a different query is simply a new entry.
final class QueryDigests: Sendable {
    /// The digests of this process's servers.
    static let shared = QueryDigests()

    /// How many digests are kept; past that the memory starts over.
    private static let capacity = 1024
    /// The longest encoded query kept, so that the memory stays small whatever queries clients send.
    static let longestKept = 4096

    private struct Key: Hashable {
        var query: Query
        var zone: String
    }

    private let known = NIOLockedValueBox<[Key: String]>([:])

    /// The digest of `query` in `zone` (`*` for every zone), made by `make` from the query's encoded length and
    /// digest when it is not kept yet.
    func digest(of query: Query, zone: String, _ make: () -> (digest: String, encodedLength: Int)) -> String {
        let key = Key(query: query, zone: zone)
        if let digest = known.withLockedValue({ $0[key] }) {
            return digest
        }
        let (digest, length) = make()
        guard length <= Self.longestKept else { return digest }
        known.withLockedValue { kept in
            if kept.count >= Self.capacity {
                kept.removeAll()
            }
            kept[key] = digest
        }
        return digest
    }
}
