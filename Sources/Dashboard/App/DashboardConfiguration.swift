import CKClient
import CKModel
import Foundation
import TerminalKit

/// What the dashboard starts with: the server's client, where to look first, whether changes are allowed, and
/// how it looks.
public struct DashboardConfiguration: Sendable {
    /// A client of the server, with a management token or CloudKit's data API credentials; screens address it to
    /// their session.
    public var client: CloudKitClient
    /// The container to open first; the containers list when `nil`.
    public var container: ContainerID?
    /// The environment to browse first.
    public var environment: ContainerEnvironment
    /// The database to browse first; the private and shared ones need `actingAs`.
    public var database: DatabaseScope
    /// The user to act as (record name, name or email address), whose private and shared databases are browsed.
    public var actingAs: String?
    /// Whether every change is refused: `--readonly`. A read-only management token makes the session read-only too.
    public var isReadOnly: Bool
    /// The theme to draw with.
    public var themeName: String
    /// Where themes are found.
    public var themeLoader: ThemeLoader
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    /// The environment's schema as a `.ckdb` file, read instead of the server's where there is no management API
    /// (data API credentials only, as on Apple's CloudKit).
    public var schemaFile: String?
    /// The listener a web sign-in returns the user's token to, when one runs (`--sign-in-port`).
    public var signInCallback: (any SignInCallback)?
    /// The folder of the query builder's saved queries, one JSON file per container
    /// (`$XDG_CONFIG_HOME/ckdash/queries`); `nil` when there is none, and saving says so.
    public var savedQueriesFolder: URL?

    /// A configuration; everything but the client has a default.
    public init(
        client: CloudKitClient, container: ContainerID? = nil, environment: ContainerEnvironment = .development, database: DatabaseScope = .public,
        actingAs: String? = nil, isReadOnly: Bool = false, themeName: String = ThemeLoader.defaultThemeName,
        themeLoader: ThemeLoader = DashboardConfiguration.themeLoader(environment: [:]), timeZone: TimeZone = .current,
        savedQueriesFolder: URL? = nil, schemaFile: String? = nil, signInCallback: (any SignInCallback)? = nil
    ) {
        self.client = client
        self.container = container
        self.environment = environment
        self.database = database
        self.actingAs = actingAs
        self.isReadOnly = isReadOnly
        self.themeName = themeName
        self.themeLoader = themeLoader
        self.timeZone = timeZone
        self.savedQueriesFolder = savedQueriesFolder
        self.schemaFile = schemaFile
        self.signInCallback = signInCallback
    }

    /// Whether the session has ckserver's management API (a management token): without it the screens of the
    /// schema's changes, users, tokens, logs, telemetry, alerts and deploys are not offered.
    public var hasManagementAPI: Bool { client.reachesManagementAPI }

    /// The loader of the dashboard's themes: the built-in ones, and the user's in `$XDG_CONFIG_HOME/ckdash/themes`
    /// of `environment`.
    public static func themeLoader(environment: [String: String]) -> ThemeLoader {
        ThemeLoader(
            roles: ThemeRole.dashboardRoles, userThemesDirectory: ThemeLoader.userThemesDirectory(environment: environment),
            monochromeDefaults: ThemeRole.dashboardMonochromeAttributes)
    }
}
