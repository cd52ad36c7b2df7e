import CKClient
import CommandLineSupport
import Foundation

/// CloudKit's data API credentials among the connection options: what a command uses on a server whose
/// management API it has no token for, such as Apple's CloudKit. Secrets come from files or variables as well
/// as flags, so that they need not appear in the process list.
extension ConnectionOptions {
    /// The API token, web auth token and server-to-server key these options, the variables and the profile give;
    /// `nil` when they give none. A web auth token read from a file is written back there as the server rotates it.
    func dataCredentials(sources: SettingSources) throws -> DataAPICredentials? {
        let givenAPIToken = sources.secret(
            option: apiToken, fileOption: apiTokenFile, variable: "CKDASH_API_TOKEN", fileVariable: "CKDASH_API_TOKEN_FILE", key: "api-token",
            fileKey: "api-token-file")
        let apiToken = try givenAPIToken.value ?? givenAPIToken.file.map { try Self.secret(inFile: $0, what: "API token") }
        let givenWebAuthToken = sources.secret(
            option: nil, fileOption: webAuthTokenFile, variable: "CKDASH_WEB_AUTH_TOKEN", fileVariable: "CKDASH_WEB_AUTH_TOKEN_FILE",
            key: "web-auth-token", fileKey: "web-auth-token-file")
        let webAuthToken = try givenWebAuthToken.value ?? givenWebAuthToken.file.map { try Self.secret(inFile: $0, what: "web auth token") }
        let keyID = sources.value(keyID, "CKDASH_KEY_ID", "key-id")
        let keyFile = sources.value(keyFile, "CKDASH_KEY", "key")
        if webAuthToken != nil, apiToken == nil {
            throw CommandFailure("a web auth token is sent with the container's API token: give --api-token (or --api-token-file) too")
        }
        var key: DataAPICredentials.ServerKeyPEM?
        switch (keyID, keyFile) {
        case (let id?, let file?):
            let pem = try Self.secret(inFile: file, what: "server-to-server key")
            guard (try? ServerToServerKey(keyID: id, privateKeyPEM: pem)) != nil else {
                throw CommandFailure("\(file) is not an ECDSA P-256 private key in PEM form (openssl ecparam -name prime256v1 -genkey -noout)")
            }
            key = DataAPICredentials.ServerKeyPEM(keyID: id, privateKeyPEM: pem)
        case (nil, nil):
            break
        case (nil, _?):
            throw CommandFailure("a server-to-server key needs its ID: give --key-id with --key")
        case (_?, nil):
            throw CommandFailure("a server-to-server key needs its private key: give --key FILE.pem with --key-id")
        }
        guard apiToken != nil || key != nil else { return nil }
        return DataAPICredentials(
            apiToken: apiToken, webAuthToken: webAuthToken, webAuthTokenFile: givenWebAuthToken.value == nil ? givenWebAuthToken.file : nil, serverKey: key)
    }

    /// The first line of the file at `path`, trimmed (a whole PEM file for a key); a one-line failure when it
    /// cannot be read or is empty.
    private static func secret(inFile path: String, what: String) throws -> String {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw CommandFailure("cannot read the \(what) from \(path)")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CommandFailure("\(path) holds no \(what)") }
        return trimmed
    }
}
