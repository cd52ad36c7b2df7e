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

    /// The screen for `session`, fetching through `client` addressed to the session.
    func makeScreen(session: Session, client: CloudKitClient, display: FieldValueDisplay) -> any Screen {
        let client = session.client(from: client)
        switch self {
        case .containers:
            return ContainersScreen(session: session, loader: ContainersLoader(client: client), display: display)
        case .recordTypes:
            return RecordTypesScreen(session: session, loader: RecordTypesLoader(client: client))
        case .fields(let recordType):
            return FieldsScreen(session: session, recordType: recordType, loader: RecordTypesLoader(client: client))
        case .schemaText:
            return SchemaTextScreen(session: session, loader: RecordTypesLoader(client: client))
        case .indexes:
            return IndexesScreen(session: session, loader: RecordTypesLoader(client: client))
        case .zones:
            return ZonesScreen(session: session, loader: ZonesLoader(client: client))
        case .records(let recordType, let query, let desiredKeys, let resultsLimit):
            return RecordsScreen(
                session: session, recordType: recordType, query: query, desiredKeys: desiredKeys, resultsLimit: resultsLimit,
                loader: RecordsLoader(client: client), schemaLoader: RecordTypesLoader(client: client), display: display)
        case .record(let recordName):
            return RecordScreen(
                session: session, recordName: recordName, loader: RecordLoader(client: client), schemaLoader: RecordTypesLoader(client: client),
                display: display)
        case .recordForm(let recordType, let recordName):
            return RecordFormScreen(
                session: session, recordType: recordType, recordName: recordName, loader: RecordFormLoader(client: client),
                schemaLoader: RecordTypesLoader(client: client), display: display)
        case .queryBuilder(let recordType, let draft):
            return QueryBuilderScreen(
                session: session, draft: draft ?? QueryDraft(recordType: recordType), schemaLoader: RecordTypesLoader(client: client), display: display)
        case .permissions:
            return PermissionsScreen(session: session, client: client)
        case .users:
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
        case .shareInvitation(let shortGUID):
            return ShareInvitationScreen(session: session, shortGUID: shortGUID, loader: ShareInvitationLoader(client: client, hasUser: session.user != nil))
        }
    }

    /// The record type the screen is about, which the breadcrumb shows.
    var recordType: String? {
        switch self {
        case .fields(let recordType), .records(let recordType, _, _, _), .queryBuilder(let recordType, _), .recordForm(let recordType, _): recordType
        default: nil
        }
    }

    /// Whether the screen needs a container chosen first: every one but the containers, the audit log and the
    /// developer notifications, which are the server's.
    var needsContainer: Bool { self != .containers && self != .audit && self != .developerNotifications }
}
