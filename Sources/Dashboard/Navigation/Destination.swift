import CKClient
import CKModel

/// Every screen the dashboard can open, the one list the stack, the command palette and the session switches
/// build screens from.
enum Destination: Equatable {
    case containers
    case recordTypes
    case fields(recordType: String)
    case schemaText
    case zones
    case records(recordType: String, query: Query?)
    case record(recordName: String)

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
        case .zones:
            return ZonesScreen(session: session, loader: ZonesLoader(client: client))
        case .records(let recordType, let query):
            return RecordsScreen(
                session: session, recordType: recordType, query: query, loader: RecordsLoader(client: client),
                schemaLoader: RecordTypesLoader(client: client), display: display)
        case .record(let recordName):
            return RecordScreen(
                session: session, recordName: recordName, loader: RecordLoader(client: client), schemaLoader: RecordTypesLoader(client: client),
                display: display)
        }
    }

    /// Whether the screen needs a container chosen first.
    var needsContainer: Bool { self != .containers }
}
