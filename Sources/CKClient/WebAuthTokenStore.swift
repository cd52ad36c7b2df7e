import NIOConcurrencyHelpers

/// The web auth token a client sends next: the configured one at first, then the one each response rotated in.
final class WebAuthTokenStore: Sendable {
    private let token: NIOLockedValueBox<String?>

    init(_ token: String?) {
        self.token = NIOLockedValueBox(token)
    }

    /// The token to send now.
    var current: String? {
        token.withLockedValue { $0 }
    }

    /// Keeps `rotated`, the token a response carried, for the next request.
    func adopt(_ rotated: String) {
        token.withLockedValue { $0 = rotated }
    }
}
