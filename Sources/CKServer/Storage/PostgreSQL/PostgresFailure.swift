import PostgresNIO

/// What a PostgreSQL error means to the server: the database out of reach (the client retries later), a
/// transaction that lost a race with another and may simply run again, or anything else.
enum PostgresFailure {
    case unavailable
    case retryable
    case other

    init(_ error: any Error) {
        guard let error = error as? PSQLError else {
            self = .other
            return
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
            .sslUnsupported, .failedToAddSSLHandler:
            self = .unavailable
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state) {
                self = .unavailable
            } else if state == "40001" || state == "40P01" {
                self = .retryable
            } else {
                self = .other
            }
        default:
            self = .other
        }
    }

    /// The SQLSTATE code of a server error (`23505` for a unique violation), if it is one.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}
