import CKClient
import CommandLineSupport
import Dashboard
import Foundation

/// CloudKit's data API credentials a command was given: the container's API token, a signed-in user's web auth
/// token, a server-to-server key. What reaches a server without a management token, such as Apple's CloudKit.
struct DataAPICredentials: Equatable, Sendable {
    /// The container's API token.
    var apiToken: String?
    /// A signed-in user's web auth token (sent with the API token).
    var webAuthToken: String?
    /// The file the web auth token was read from, which keeps the token the server rotates it to.
    var webAuthTokenFile: String?
    /// A server-to-server key's ID and its private key in PEM form, already read and checked.
    var serverKey: ServerKeyPEM?

    /// A server-to-server key as read from its file.
    struct ServerKeyPEM: Equatable, Sendable {
        var keyID: String
        var privateKeyPEM: String
    }

    /// The client's credentials, with `managementToken` beside them when one is given too.
    func credentials(managementToken: String?) throws -> Credentials {
        Credentials(
            apiToken: apiToken, webAuthToken: webAuthToken,
            serverToServerKey: try serverKey.map { try ServerToServerKey(keyID: $0.keyID, privateKeyPEM: $0.privateKeyPEM) },
            managementToken: managementToken)
    }

    /// Writes `rotated`, the web auth token the server's last answer gave, over the file the token was read from
    /// (readable by its owner only), so that the next command sends it: CloudKit rotates a user's token on every
    /// answer and accepts an older one only for a while.
    func keep(rotated: String?) {
        guard let file = webAuthTokenFile, let rotated, rotated != webAuthToken else { return }
        do {
            try WebAuthTokenFile.write(rotated, to: file)
        } catch {
            StandardError.write("ckdash: warning: cannot keep the rotated web auth token in \(file) (\(error.localizedDescription)): the next command may be refused")
        }
    }
}
