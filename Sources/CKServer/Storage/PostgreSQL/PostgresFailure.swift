import PostgresNIO

/// What a PostgreSQL error means to the server: the database out of reach or too busy (the client retries
/// later), a transaction that lost a race with another and may simply run again, a value PostgreSQL cannot keep
/// (the client is told which), or anything else.
enum PostgresFailure {
    case unavailable
    case retryable
    case refusedValue(String)
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
            // Connection failures, a server shutting down or full, and the time limits every connection sets
            // (`PostgresLocation.startupParameters`): a lock waited for too long, a transaction left idle.
            if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300", "55P03", "57014", "25P03"].contains(state) {
                self = .unavailable
            } else if state == "40001" || state == "40P01" {
                self = .retryable
            } else if state.hasPrefix("22") || state == "54000" {
                // A data exception (a NUL in a text) or a value too large for an index entry.
                self = .refusedValue(error.serverInfo?[.message] ?? state)
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
