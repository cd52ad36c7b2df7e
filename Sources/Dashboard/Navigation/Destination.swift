import CKClient
import CKModel

/// Every screen the dashboard can open, the one list the stack, the command palette and the session switches
/// build screens from.
enum Destination: Equatable {
    case containers
    case recordTypes
    case fields(recordType: String)
    case schemaText
    /// Every index of the environment.
    case indexes
    case zones
    /// The records `query` finds (all of the type's when `nil`), with the fields `desiredKeys` names (all when
    /// `nil`), `resultsLimit` at most.
    case records(recordType: String, query: Query?, desiredKeys: [String]? = nil, resultsLimit: Int? = nil)
    case record(recordName: String)
    /// The form of a new record of `recordType` (`recordName` `nil`), or of the record named `recordName`.
    case recordForm(recordType: String, recordName: String?)
    /// The query builder on a type, starting from `draft` (an empty query when `nil`).
    case queryBuilder(recordType: String, draft: QueryDraft? = nil)
    /// The security roles and the record types × roles grid of grants.
    case permissions
    /// The users of the container with their roles.
    case users
    /// Promotion to production: the diff of development against production, both schemas' text, the history.
    case deploy(tab: DeployTab = .changes)
    /// The container's API tokens and server-to-server keys, and the management tokens.
    case credentials(tab: CredentialsTab = .apiTokens)
    /// The management changes, newest first.
    case audit
    /// The subscriptions of the database; with a query, first the questions of a query subscription on it.
    case subscriptions(subscribing: Query? = nil)
    /// The notifications of the subscriptions of the user acted as, as they arrive.
    case notifications
    /// The record changes of a zone (the session's when `nil`) as they happen.
    case zoneChanges(zone: ZoneID?)
    /// The request log of the container with `criteria` in force, live unless they fix a period.
    case logs(LogsCriteria = LogsCriteria())
    /// The telemetry charts of the container.
    case telemetry(TelemetryCriteria = TelemetryCriteria())
    /// The alert rules of the container.
    case alerts
    /// The developer notifications of every container the management token reaches.
    case developerNotifications
    /// The Core Data model at `path` checked against the container's schema.
    case model(path: String)
    /// The shares of the session's zone or database; with a record name, first sharing that record.
    case shares(sharing: String? = nil)
    /// The share behind a short GUID, resolved as the user acted as, to accept.
    case shareInvitation(shortGUID: String)
    /// The deploy screen on two schema files: production's and development's exports.
    case schemaFiles(SchemaFilePair)
    /// Signing a user in (data API credentials only), then browsing their `database`.
    case signIn(database: DatabaseScope)

    /// The screen for `session`, fetching through the configuration's client addressed to the session (and the
    /// schema from the configuration's file, when it gives one).
    func makeScreen(session: Session, configuration: DashboardConfiguration, display: FieldValueDisplay) -> any Screen {
        let client = session.client(from: configuration.client)
        let schemaLoader = RecordTypesLoader(client: client, schemaFile: configuration.schemaFile)
        switch self {
        case .containers:
            return ContainersScreen(session: session, loader: ContainersLoader(client: client), display: display)
        case .recordTypes:
            return RecordTypesScreen(session: session, loader: schemaLoader)
        case .fields(let recordType):
            return FieldsScreen(session: session, recordType: recordType, loader: schemaLoader)
        case .schemaText:
            return SchemaTextScreen(session: session, loader: schemaLoader)
        case .indexes:
            return IndexesScreen(session: session, loader: schemaLoader)
        case .zones:
            return ZonesScreen(session: session, loader: ZonesLoader(client: client))
        case .records(let recordType, let query, let desiredKeys, let resultsLimit):
            return RecordsScreen(
                session: session, recordType: recordType, query: query, desiredKeys: desiredKeys, resultsLimit: resultsLimit,
                loader: RecordsLoader(client: client), schemaLoader: schemaLoader, display: display)
        case .record(let recordName):
            return RecordScreen(
                session: session, recordName: recordName, loader: RecordLoader(client: client), schemaLoader: schemaLoader,
                display: display)
        case .recordForm(let recordType, let recordName):
            return RecordFormScreen(
                session: session, recordType: recordType, recordName: recordName, loader: RecordFormLoader(client: client),
                schemaLoader: schemaLoader, display: display)
        case .queryBuilder(let recordType, let draft):
            return QueryBuilderScreen(
                session: session, draft: draft ?? QueryDraft(recordType: recordType), schemaLoader: schemaLoader, display: display)
        case .permissions:
            return PermissionsScreen(session: session, client: client)
        case .users:
            guard configuration.hasManagementAPI else { return DiscoveredUsersScreen(session: session, loader: DiscoveredUsersLoader(client: client)) }
            return UsersScreen(session: session, client: client)
        case .deploy(let tab):
            return DeployScreen(session: session, tab: tab, loader: DeployLoader(client: client), display: display)
        case .credentials(let tab):
            return CredentialsScreen(session: session, tab: tab, loader: CredentialsLoader(client: client), display: display)
        case .audit:
            return AuditScreen(session: session, loader: AuditLoader(client: client), display: display)
        case .subscriptions(let query):
            return SubscriptionsScreen(session: session, subscribing: query, loader: SubscriptionsLoader(client: client))
        case .notifications:
            return NotificationsScreen(session: session, loader: NotificationsLoader(client: client), display: display)
        case .zoneChanges(let zone):
            // A zone named without its owner (`:changes NAME`) is the session's zone of that name, owner included.
            let zone = zone.map { named in named.ownerRecordName == nil && session.zone?.zoneName == named.zoneName ? session.zone ?? named : named }
                ?? session.zone ?? .defaultZone
            return ZoneChangesScreen(session: session, zone: zone, loader: ZoneChangesLoader(client: client), display: display)
        case .logs(let criteria):
            return LogsScreen(session: session, criteria: criteria, loader: LogsLoader(client: client), display: display)
        case .telemetry(let criteria):
            return TelemetryScreen(session: session, criteria: criteria, loader: TelemetryLoader(client: client), display: display)
        case .alerts:
            return AlertsScreen(session: session, loader: AlertsLoader(client: client), display: display)
        case .developerNotifications:
            return DeveloperNotificationsScreen(session: session, loader: DeveloperNotificationsLoader(client: client), display: display)
        case .model(let path):
            return ModelScreen(session: session, path: path, loader: ModelLoader(client: client))
        case .shares(let recordName):
            return SharesScreen(session: session, sharing: recordName, loader: SharesLoader(client: client))
        case .schemaFiles(let files):
            return DeployScreen(session: session, tab: .changes, loader: DeployLoader(client: client, files: files), display: display)
        case .signIn(let database):
            return SignInScreen(session: session, database: database, loader: SignInLoader(client: client, callback: configuration.signInCallback))
        case .shareInvitation(let shortGUID):
            return ShareInvitationScreen(session: session, shortGUID: shortGUID, loader: ShareInvitationLoader(client: client, hasUser: session.user != nil || configuration.client.webAuthToken != nil))
        }
    }

    /// The record type the screen is about, which the breadcrumb shows.
    var recordType: String? {
        switch self {
        case .fields(let recordType), .records(let recordType, _, _, _), .queryBuilder(let recordType, _), .recordForm(let recordType, _): recordType
        default: nil
        }
    }

    /// Whether the screen needs ckserver's management API, given whether the schema comes from a file: the
    /// containers, tokens, audit, logs, telemetry, alerts, deploys and the schema's editing screens do; what the
    /// data API serves (zones, records, queries, subscriptions, shares, the users one can discover) does not,
    /// and the schema's screens show a schema file.
    func needsManagementAPI(schemaFromFile: Bool) -> Bool {
        switch self {
        case .containers, .indexes, .permissions, .deploy, .credentials, .audit, .logs, .telemetry, .alerts, .developerNotifications, .model:
            true
        case .recordTypes, .fields, .schemaText:
            !schemaFromFile
        case .users, .zones, .records, .record, .recordForm, .queryBuilder, .subscriptions, .notifications, .zoneChanges, .shares, .shareInvitation, .signIn, .schemaFiles:
            false
        }
    }

    /// What the status line says when a screen that needs the management API is asked for without it.
    static let managementAPIRefusal =
        "This needs ckserver's management API, and the session has data API credentials only: on Apple's CloudKit, use CloudKit Console for it"

    /// Whether the screen needs a container chosen first: every one but the containers, the audit log and the
    /// developer notifications, which are the server's.
    var needsContainer: Bool { self != .containers && self != .audit && self != .developerNotifications }
}
