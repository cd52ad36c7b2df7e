import ArgumentParser
import CKModel
import CommandLineSupport
import Foundation

/// The options every server command takes: which server, container, environment and database; the management
/// token and the user to act as, or CloudKit's data API credentials (API token, web auth token, server-to-server
/// key) with the schema as a file. Each falls back to its `CKDASH_*` environment variable, then to the chosen
/// profile.
struct ConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The server's URL: a ckserver's, such as http://127.0.0.1:8080, or https://api.apple-cloudkit.com (or CKDASH_SERVER).", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("The container, such as iCloud.com.example.App (or CKDASH_CONTAINER).", valueName: "id"))
    var container: String?

    @Option(help: ArgumentHelp("development or production (or CKDASH_ENVIRONMENT; development by default).", valueName: "name"))
    var environment: String?

    @Option(help: ArgumentHelp("public, private or shared (or CKDASH_DATABASE; public by default).", valueName: "name"))
    var database: String?

    @Option(help: ArgumentHelp("The management token (or CKDASH_TOKEN).", valueName: "token"))
    var token: String?

    @Option(
        name: .customLong("api-token"),
        help: ArgumentHelp(
            "The container's API token, for CloudKit's data API without a management token (or CKDASH_API_TOKEN; --api-token-file keeps it out of the process list).",
            valueName: "token"))
    var apiToken: String?

    @Option(name: .customLong("api-token-file"), help: ArgumentHelp("A file holding the container's API token (or CKDASH_API_TOKEN_FILE).", valueName: "path"))
    var apiTokenFile: String?

    @Option(
        name: .customLong("web-auth-token-file"),
        help: ArgumentHelp(
            "A file holding a signed-in user's web auth token, with --api-token: that user's private and shared databases (or CKDASH_WEB_AUTH_TOKEN_FILE, or the token itself in CKDASH_WEB_AUTH_TOKEN).",
            valueName: "path"))
    var webAuthTokenFile: String?

    @Option(
        name: .customLong("key-id"),
        help: ArgumentHelp("A server-to-server key's ID, with --key: the public database as the key's developer (or CKDASH_KEY_ID).", valueName: "id"))
    var keyID: String?

    @Option(name: .customLong("key"), help: ArgumentHelp("The server-to-server key's private key, a PEM file (or CKDASH_KEY).", valueName: "path"))
    var keyFile: String?

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "The environment's schema as a .ckdb file (cktool export-schema), where there is no management API to read it from (or CKDASH_SCHEMA).",
            valueName: "file.ckdb"))
    var schemaFile: String?

    @Option(
        name: .customLong("as-user"),
        help: ArgumentHelp(
            "Act as this user (record name, name or email address): the user's permissions and private database (or CKDASH_AS_USER).",
            valueName: "user"))
    var asUser: String?

    @Option(help: ArgumentHelp("A profile of $XDG_CONFIG_HOME/ckdash/config.toml (or CKDASH_PROFILE).", valueName: "name"))
    var profile: String?

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp("The embedded server's data folder, used when no server is given (default $XDG_DATA_HOME/ckdash).", valueName: "path"))
    var dataDirectory: String?

    /// The settings these options give, with the environment variables and the profile filling the gaps.
    /// - Parameter fallbackServer: The server (and its management token) to use when none is given: the
    ///   dashboard's embedded one.
    func settings(
        environment variables: [String: String] = ProcessInfo.processInfo.environment, fallbackServer: (url: URL, token: String)? = nil
    ) throws -> ConnectionSettings {
        let profile = try chosenProfile(variables: variables)
        let sources = SettingSources(variables: variables, profile: profile)
        let value = sources.value
        if let fallbackServer, value(server, "CKDASH_SERVER", "server") == nil {
            return try settings(serverURL: fallbackServer.url, token: fallbackServer.token, sources: sources)
        }
        guard let serverText = value(server, "CKDASH_SERVER", "server") else {
            throw CommandFailure("no server: give --server URL, set CKDASH_SERVER, or choose a profile with --profile")
        }
        guard let serverURL = URL(string: serverText), serverURL.scheme == "http" || serverURL.scheme == "https", serverURL.host != nil else {
            throw CommandFailure("\(serverText) is not a server URL: write it as http://host:port or https://host")
        }
        return try settings(serverURL: serverURL, token: value(token, "CKDASH_TOKEN", "token"), sources: sources)
    }

    /// Whether a server is given, by option, environment variable or profile.
    func givesServer(variables: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        try server ?? variables["CKDASH_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? chosenProfile(variables: variables)["server"] != nil
    }

    /// The settings of the chosen profile (`--profile`, `CKDASH_PROFILE`, or the file's default).
    func chosenProfile(variables: [String: String]) throws -> [String: String] {
        try ProfileFile.load(variables: variables).profile(named: profile ?? variables["CKDASH_PROFILE"])
    }

    private func settings(serverURL: URL, token: String?, sources: SettingSources) throws -> ConnectionSettings {
        let value = sources.value
        let containerID = try value(container, "CKDASH_CONTAINER", "container").map { text in
            guard let id = ContainerID(rawValue: text) else { throw CommandFailure("\(text) is not a container ID, such as iCloud.com.example.App") }
            return id
        }
        let environmentText = value(self.environment, "CKDASH_ENVIRONMENT", "environment") ?? "development"
        guard let environment = ContainerEnvironment(rawValue: environmentText) else {
            throw CommandFailure("\(environmentText) is not an environment: use development or production")
        }
        let databaseText = value(database, "CKDASH_DATABASE", "database") ?? "public"
        guard let database = DatabaseScope(rawValue: databaseText) else {
            throw CommandFailure("\(databaseText) is not a database: use public, private or shared")
        }
        return ConnectionSettings(
            serverURL: serverURL, container: containerID, environment: environment, database: database,
            token: token, actingAsUser: value(asUser, "CKDASH_AS_USER", "as-user"), dataCredentials: try dataCredentials(sources: sources),
            schemaFile: value(schemaFile, "CKDASH_SCHEMA", "schema"))
    }
}
