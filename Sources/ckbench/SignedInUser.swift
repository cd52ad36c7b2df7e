import Foundation
import Synchronization

/// A user signed in as a CloudKit Web Services client is: an API token and a web auth token, replaced by the
/// successor each answer carries.
final class SignedInUser: Sendable {
    private let apiToken: String
    private let webAuthToken: Mutex<String>

    init(apiToken: String, webAuthToken: String) {
        self.apiToken = apiToken
        self.webAuthToken = Mutex(webAuthToken)
    }

    /// The query string that carries both tokens.
    var query: String {
        let token = webAuthToken.withLock { $0 }
        return "?ckAPIToken=\(Self.encoded(apiToken))&ckWebAuthToken=\(Self.encoded(token))"
    }

    /// Keeps the successor an answer gave.
    func keep(_ successor: String) {
        webAuthToken.withLock { $0 = successor }
    }

    private static func encoded(_ token: String) -> String {
        token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
    }
}
