/// A `serverErrorCode` of CloudKit Web Services, with the HTTP status that goes with it.
///
/// A struct over a string rather than an enum, so codes this package does not know still decode.
public struct ServerErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// No permission for the endpoint, record, zone or database.
    public static let accessDenied = ServerErrorCode(rawValue: "ACCESS_DENIED")
    /// An atomic batch failed because another operation in it failed.
    public static let atomicError = ServerErrorCode(rawValue: "ATOMIC_ERROR")
    /// Authentication was rejected: bad signature, key or token.
    public static let authenticationFailed = ServerErrorCode(rawValue: "AUTHENTICATION_FAILED")
    /// The request needs a signed-in user; the error carries a `redirectURL`.
    public static let authenticationRequired = ServerErrorCode(rawValue: "AUTHENTICATION_REQUIRED")
    /// The request is malformed or invalid.
    public static let badRequest = ServerErrorCode(rawValue: "BAD_REQUEST")
    /// The `recordChangeTag` is out of date: fetch the record again and retry.
    public static let conflict = ServerErrorCode(rawValue: "CONFLICT")
    /// What is being created already exists.
    public static let exists = ServerErrorCode(rawValue: "EXISTS")
    /// The server failed.
    public static let internalError = ServerErrorCode(rawValue: "INTERNAL_ERROR")
    /// The resource does not exist.
    public static let notFound = ServerErrorCode(rawValue: "NOT_FOUND")
    /// The app's (public) or user's (private) quota is used up.
    public static let quotaExceeded = ServerErrorCode(rawValue: "QUOTA_EXCEEDED")
    /// Too many requests: retry after `retryAfter` seconds.
    public static let throttled = ServerErrorCode(rawValue: "THROTTLED")
    /// A transient failure: retry later.
    public static let tryAgainLater = ServerErrorCode(rawValue: "TRY_AGAIN_LATER")
    /// A validating reference's target is missing or still referenced.
    public static let validatingReferenceError = ServerErrorCode(rawValue: "VALIDATING_REFERENCE_ERROR")
    /// The zone named in the request does not exist.
    public static let zoneNotFound = ServerErrorCode(rawValue: "ZONE_NOT_FOUND")
    /// The operation is not possible in this zone (for example deleting a system zone). Observed, not in
    /// Apple's table; its status here (400) is this package's choice.
    public static let notSupportedByZone = ServerErrorCode(rawValue: "NOT_SUPPORTED_BY_ZONE")
    /// A unique-field constraint was violated (listed by CloudKit JS). Its HTTP status is undocumented; 409,
    /// as for the other conflicts, is this package's choice.
    public static let uniqueFieldError = ServerErrorCode(rawValue: "UNIQUE_FIELD_ERROR")

    /// Every code CloudKit Web Services documents, plus the two observed beside them.
    public static let allKnown: [ServerErrorCode] = [
        .accessDenied, .atomicError, .authenticationFailed, .authenticationRequired, .badRequest, .conflict,
        .exists, .internalError, .notFound, .quotaExceeded, .throttled, .tryAgainLater,
        .validatingReferenceError, .zoneNotFound, .notSupportedByZone, .uniqueFieldError,
    ]

    /// The HTTP status a request failing with this code answers with; 500 for a code not known here.
    public var httpStatus: Int {
        switch self {
        case .accessDenied: 403
        case .atomicError, .badRequest, .notSupportedByZone: 400
        case .authenticationFailed: 401
        case .authenticationRequired: 421
        case .conflict, .exists, .uniqueFieldError: 409
        case .internalError: 500
        case .notFound, .zoneNotFound: 404
        case .quotaExceeded: 413
        case .throttled: 429
        case .tryAgainLater: 503
        case .validatingReferenceError: 412
        default: 500
        }
    }

    /// Whether the same request may succeed if sent again after a while.
    public var isRetryable: Bool {
        self == .throttled || self == .tryAgainLater || self == .internalError
    }
}
