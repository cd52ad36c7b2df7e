/// `POST …/changes/database` and the older `POST …/zones/changes`: the zones changed since a token.
public enum ChangesDatabase {
    /// The body of `changes/database`.
    public struct Request: Hashable, Sendable, Codable {
        /// Where to resume; absent to read from the beginning.
        public var syncToken: String?
        /// At most this many zones (200 when absent).
        public var resultsLimit: Int?

        /// Creates a request.
        public init(syncToken: String? = nil, resultsLimit: Int? = nil) {
            self.syncToken = syncToken
            self.resultsLimit = resultsLimit
        }
    }

    /// The body of `changes/database`'s answer.
    public struct Response: Hashable, Sendable, Codable {
        /// The zones changed; deleted ones with `deleted: true`.
        public var zones: [ItemResult<Zone>]
        /// The token to send next time.
        public var syncToken: String
        /// Whether more changed zones follow.
        public var moreComing: Bool

        /// Creates a response.
        public init(zones: [ItemResult<Zone>], syncToken: String, moreComing: Bool) {
            self.zones = zones
            self.syncToken = syncToken
            self.moreComing = moreComing
        }
    }

    /// The body of the older `zones/changes`, whose token Apple's reference names `metaSyncToken`; clients such as
    /// MistKit send it as `syncToken`, which is read too.
    public struct ZonesChangesRequest: Hashable, Sendable, Codable {
        /// Where to resume.
        public var metaSyncToken: String?
        /// Where to resume, under the name `changes/database` uses.
        public var syncToken: String?
        /// At most this many zones.
        public var resultsLimit: Int?

        /// Creates a request.
        public init(metaSyncToken: String? = nil, syncToken: String? = nil, resultsLimit: Int? = nil) {
            self.metaSyncToken = metaSyncToken
            self.syncToken = syncToken
            self.resultsLimit = resultsLimit
        }

        /// The token to resume from, under either name.
        public var token: String? { metaSyncToken ?? syncToken }
    }

    /// The answer of `zones/changes`, carrying the token under both names clients read.
    public struct ZonesChangesResponse: Hashable, Sendable, Codable {
        /// The zones changed.
        public var zones: [ItemResult<Zone>]
        /// The token to send next time, as `metaSyncToken`.
        public var metaSyncToken: String
        /// The same token, for clients that read `syncToken`.
        public var syncToken: String
        /// Whether more changed zones follow.
        public var moreComing: Bool

        /// Creates a response.
        public init(zones: [ItemResult<Zone>], token: String, moreComing: Bool) {
            self.zones = zones
            self.metaSyncToken = token
            self.syncToken = token
            self.moreComing = moreComing
        }
    }
}
