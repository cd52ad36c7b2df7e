/// Where the server keeps its state: one type implementing every concern (`Storage/Concerns/`). Services
/// depend on these protocols only, so a second engine (PostgreSQL) plugs in without touching them;
/// `SQLiteStorage` is the first implementation, and `CachedStorage` wraps either.
///
/// Every method is one transaction. Methods taking a closure run it inside the transaction, so a
/// read-decide-write sequence (a deploy checking its digest) cannot interleave with another writer.
public protocol ServerStorage:
    ContainerStorage,
    StatisticsStorage,
    AuditStorage,
    RequestLogStorage,
    TelemetryStorage,
    AlertStorage,
    CredentialStorage,
    UserStorage,
    RecordStorage,
    ZoneStorage,
    QueryStorage,
    ShareStorage,
    SubscriptionStorage,
    NotificationStorage,
    AssetStorage
{}
