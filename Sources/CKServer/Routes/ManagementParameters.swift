import CKModel

/// How the management API's reads take their query parameters: times, page sizes and markers, with the same
/// `BAD_REQUEST` reasons everywhere.
enum ManagementParameters {
    /// A time in milliseconds since 1970, or `nil` when absent.
    static func milliseconds(_ text: String?, named name: String) throws -> Int64? {
        try text.map { text in
            guard let milliseconds = Int64(text), milliseconds >= 0 else {
                throw ServerError(.badRequest, reason: "\(name) must be a time in milliseconds since 1970, such as 1795477272835")
            }
            return milliseconds
        }
    }

    /// A page size from 1 to `maximum`, `standard` when absent.
    static func limit(_ text: String?, standard: Int, maximum: Int) throws -> Int {
        try text.map { text in
            guard let limit = Int(text), (1...maximum).contains(limit) else {
                throw ServerError(.badRequest, reason: "limit must be a whole number from 1 to \(maximum)")
            }
            return limit
        } ?? standard
    }

    /// The sequence number a `continuationMarker` this server gave stands for, or `nil` when absent.
    static func sequence(marker text: String?) throws -> Int64? {
        try text.map { marker in
            guard let sequence = Int64(marker), sequence > 0 else {
                throw ServerError(.badRequest, reason: "the continuationMarker is not one this server gave")
            }
            return sequence
        }
    }

    /// The container named by `text`, which `caller` must reach; the caller's own container when absent.
    static func container(_ text: String?, caller: ManagementCaller) throws -> ContainerID? {
        guard let text else { return caller.container }
        guard let id = ContainerID(rawValue: text) else {
            throw ServerError(.badRequest, reason: "'\(text)' is not a container identifier")
        }
        try caller.requireReach(id)
        return id
    }
}
