/// CloudKit's error dictionary: the body of a failed request, or one failed item inside a 200 response.
///
/// A per-item error names its subject with `recordName`, `zoneID` or `subscriptionID`; a request error
/// carries a `uuid`, and `redirectURL` when the code is `AUTHENTICATION_REQUIRED`.
public struct ServerError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public var serverErrorCode: ServerErrorCode
    /// A sentence for people.
    public var reason: String?
    /// Seconds to wait before retrying; absent when retrying cannot help.
    public var retryAfter: Double?
    /// The server's identifier for the failed request.
    public var uuid: String?
    /// Where a user signs in, with `AUTHENTICATION_REQUIRED`.
    public var redirectURL: String?
    /// The record an item error is about.
    public var recordName: String?
    /// The zone an item error is about.
    public var zoneID: ZoneID?
    /// The subscription an item error is about.
    public var subscriptionID: String?

    /// Creates an error dictionary.
    public init(
        _ serverErrorCode: ServerErrorCode, reason: String? = nil, retryAfter: Double? = nil, uuid: String? = nil,
        redirectURL: String? = nil, recordName: String? = nil, zoneID: ZoneID? = nil, subscriptionID: String? = nil
    ) {
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.retryAfter = retryAfter
        self.uuid = uuid
        self.redirectURL = redirectURL
        self.recordName = recordName
        self.zoneID = zoneID
        self.subscriptionID = subscriptionID
    }

    /// The HTTP status of a request that fails with this error.
    public var httpStatus: Int { serverErrorCode.httpStatus }

    public var description: String {
        let subject = recordName.map { " (record \($0))" } ?? subscriptionID.map { " (subscription \($0))" }
            ?? zoneID.map { " (zone \($0.zoneName))" } ?? ""
        return "\(serverErrorCode.rawValue)\(subject): \(reason ?? "no reason given")"
    }
}
