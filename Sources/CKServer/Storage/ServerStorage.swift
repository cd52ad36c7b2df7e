import CKModel
import Foundation

/// Where the server keeps its state. Services depend on this protocol only, so a second engine
/// (PostgreSQL) plugs in without touching them; `SQLiteStorage` is the first implementation.
///
/// Every method is one transaction. Methods taking a closure run it inside the transaction, so a
/// read-decide-write sequence (a deploy checking its digest) cannot interleave with another writer.
public protocol ServerStorage: Sendable {
    /// Adds a container with empty schemas in both environments; `EXISTS` if the ID is taken.
    func createContainer(_ container: ContainerInfo) async throws

    /// The container with this ID, or `nil`.
    func container(_ id: ContainerID) async throws -> ContainerInfo?

    /// Every container, by ID.
    func containers() async throws -> [ContainerInfo]

    /// The container's version, or `nil` for an unknown container: a number that moves on, in the same
    /// transaction, with every change to the container's schemas, deployments or subscriptions, and with every
    /// zone created or deleted in it. What a server keeps of these in memory is valid while the version is the one
    /// it was read at (`CachedStorage`), whichever server sharing the storage made the change.
    func version(of container: ContainerID) async throws -> Int64?

    /// Reads both schemas of a container, lets `body` change them, and writes back what changed, with the
    /// deployment `body` returns (if any) appended to the history. `NOT_FOUND` for an unknown container.
    func updateSchemas<Result: Sendable>(
        of container: ContainerID, _ body: @escaping @Sendable (inout SchemaPair) throws -> (Result, Deployment?)
    ) async throws -> Result

    /// Both schemas of a container as they are now, read without taking the write lock; `NOT_FOUND` for an
    /// unknown container.
    func schemas(of container: ContainerID) async throws -> SchemaPair

    /// The container's deployments, oldest first.
    func deployments(of container: ContainerID) async throws -> [Deployment]

    /// How many live records each database of each environment of the container holds (databases without
    /// records left out).
    func recordCounts(in container: ContainerID) async throws -> [ManagementContainers.RecordCount]

    /// What each record type of a container environment holds, over every database and zone: records and
    /// their bytes, and the entries and bytes of each field's value and search index.
    func recordTypeStatistics(in container: ContainerID, environment: ContainerEnvironment) async throws -> [RecordTypeStatistics]

    /// Deletes every development zone of the container with its records, and every development
    /// subscription, and sets the development schema to production's, in one transaction. Returns the live
    /// records deleted, by record type.
    func resetDevelopment(of container: ContainerID) async throws -> [String: Int]

    /// Appends an entry to the audit log and returns its sequence number.
    @discardableResult
    func appendAuditEntry(_ entry: AuditEntry) async throws -> Int64

    /// Audit entries newest first, with their sequence numbers: those `filter` keeps, before `sequence` when
    /// given, at most `limit`.
    func auditEntries(matching filter: ManagementAudit.Filter, before sequence: Int64?, limit: Int) async throws
        -> [(sequence: Int64, entry: AuditEntry)]

    /// The container `container`, the credential whose secret hashes to `credentialHash`, the sign-in of the web
    /// auth token hashing to `webAuthTokenHash` (as `webAuthToken(presentedHash:now:)` finds it), and the user
    /// `userRecordName` names, else the sign-in's, and the container's version, in one transaction: what a request
    /// needs before its body.
    func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords

    /// Stores a credential (the secret's hash only).
    func insertCredential(_ credential: CredentialRecord) async throws

    /// The credential whose secret hashes to `secretHash`, or `nil`.
    func credential(secretHash: String) async throws -> CredentialRecord?

    /// The credentials of one kind, oldest first: of one container when given (management tokens for every
    /// container included only when `container` is `nil`).
    func credentials(of kind: CredentialKind, container: ContainerID?) async throws -> [CredentialRecord]

    /// Forgets the credential whose secret hashes to `secretHash`; `false` if there was none.
    func deleteCredential(secretHash: String) async throws -> Bool

    /// The sign-in whose current token, or whose token before it (until its grace period ends), hashes to
    /// `presentedHash`; `nil` when there is none or it expired by `now`.
    func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken?

    /// Makes `successor` the current token of the sign-in whose current token hashes to `presentedHash`, in one
    /// statement: the presented token becomes the one before it, working until `graceEnd` at the latest and
    /// keeping `sealedSuccessor`, and the token that was before it stops. A sign-in therefore never holds more than
    /// two live tokens. `false` when the presented token is no longer current (another request rotated it first).
    func rotateWebAuthToken(_ presentedHash: String, to successor: CredentialRecord, sealedSuccessor: Data, graceEnd: Date) async throws -> Bool

    /// Stores a server-to-server key; `EXISTS` if the same key was added before.
    func insertServerKey(_ key: ServerKey) async throws

    /// The server-to-server keys of a container, oldest first.
    func serverKeys(of container: ContainerID) async throws -> [ServerKey]

    /// Forgets a server-to-server key; `false` if there was none.
    func deleteServerKey(_ keyID: String) async throws -> Bool

    /// The key with this ID, or `nil`.
    func serverKey(_ keyID: String) async throws -> ServerKey?

    /// Adds a user; `EXISTS` if the name or record name is taken in the container.
    func createUser(_ user: UserAccount) async throws

    /// The user with this name in the container, or `nil`.
    func user(named name: String, in container: ContainerID) async throws -> UserAccount?

    /// The user with this record name in the container, or `nil`.
    func user(recordName: String, in container: ContainerID) async throws -> UserAccount?

    /// Every user of the container, by name.
    func users(in container: ContainerID) async throws -> [UserAccount]

    /// Sets whether other users may discover the user.
    func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws

    /// Replaces a user's custom roles.
    func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws

    /// Whether the zone exists; a database's default zone always does.
    func zoneExists(_ zone: ZoneKey) async throws -> Bool

    /// The live (not deleted) records with these names in the zone; names without a record are left out.
    func records(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecord]

    /// The same records as `records(named:in:)`, for an answer: their fields left in their stored JSON.
    func recordRows(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecordRow]

    /// Applies `writes` in order in one transaction, giving each the zone's next change number, and returns
    /// one outcome per write: the record's new change tag (and the records a delete's cascade removed), or why
    /// not (`EXISTS`, `CONFLICT`, `NOT_FOUND`). With `atomic`, the first failure undoes every write and the
    /// others fail with `ATOMIC_ERROR`.
    func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool) async throws -> [Result<AppliedWrite, ServerError>]

    /// The zones of one database (a public or private one's default zone included, even before its first write), by name.
    func zones(in database: ZoneKey.Database) async throws -> [ZoneState]

    /// Creates a custom zone; `EXISTS` if it exists.
    func createZone(_ zone: ZoneKey) async throws -> ZoneState

    /// The zone's state, or `nil` when there is no such zone (a default zone always has one).
    func zoneState(_ zone: ZoneKey) async throws -> ZoneState?

    /// The zone's state and its records changed after `changeNumber`, read together: oldest change first, at
    /// most `limit`, each in its latest state (a deleted one as a tombstone), only of `recordTypes` when given.
    /// `nil` when there is no such zone.
    func changes(in zone: ZoneKey, after changeNumber: Int64, limit: Int, recordTypes: [String]?) async throws
        -> (state: ZoneState, changes: [RecordChange])?

    /// The database's last change number and its zones changed (written, created or deleted) after `change`,
    /// oldest change first, at most `limit`.
    func zoneChanges(in database: ZoneKey.Database, after change: Int64, limit: Int) async throws -> (lastChange: Int64, zones: [ZoneChange])

    /// Deletes a zone with all its records; `false` if there was no such zone.
    func deleteZone(_ zone: ZoneKey) async throws -> Bool

    /// Reads a field's value index within a range, after `cursor`, at most `limit` entries.
    func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit]

    /// A type's live records in name order, after `cursor`, at most `limit`, read in one statement for an answer.
    func recordRows(ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int) async throws -> [StoredRecordRow]

    /// The records of a type whose SEARCHABLE field matches every (or, with `matchAll` false, any) of the
    /// tokens, in name order, after `cursor`, at most `limit`.
    func search(
        _ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int
    ) async throws -> [String]

    /// The zone and record name of the share with this short GUID in a container environment, or `nil`.
    func shareLocation(shortGUID: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> (zone: ZoneKey, shareName: String)?

    /// The zones (of other users' private databases) in which the user accepted a share, by owner and name.
    func sharedZones(with userRecordName: String, in container: ContainerID, environment: ContainerEnvironment) async throws -> [ZoneState]

    /// The shares of a zone the user accepted.
    func shares(acceptedBy userRecordName: String, in zone: ZoneKey) async throws -> [StoredShare]

    /// The names of `roots` and of every record below them through `parent`, deleted ones included.
    func recordTree(from roots: [String], in zone: ZoneKey) async throws -> Set<String>

    /// Which of these names a record of the zone has (a deleted one included) or names as its parent.
    func takenNames(_ names: [String], in zone: ZoneKey) async throws -> Set<String>

    /// The subscriptions of one database, by ID.
    func subscriptions(in database: ZoneKey.Database) async throws -> [Subscription]

    /// Every subscription in one kind of database of a container environment, with the user it belongs to.
    func allSubscriptions(in container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope) async throws
        -> [(owner: String, subscription: Subscription)]

    /// Stores a subscription under its ID, replacing one with the same ID.
    func saveSubscription(_ subscription: Subscription, in database: ZoneKey.Database) async throws

    /// Deletes a subscription; `false` if there was none with that ID.
    func deleteSubscription(_ subscriptionID: String, in database: ZoneKey.Database) async throws -> Bool

    /// Stores a push token created for a user, seen at `now`.
    func createPushToken(_ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment, now: Date) async throws

    /// Registers a push token for its owner's subscriptions, seen at `now`; `false` if the token is not the owner's.
    func registerPushToken(_ token: String, for owner: String, in container: ContainerID, now: Date) async throws -> Bool

    /// The registered push tokens of a user in a container environment seen since `date`.
    func pushTokens(of owner: String, in container: ContainerID, environment: ContainerEnvironment, seenSince date: Date) async throws -> [String]

    /// Forgets the push tokens not seen since `date`, with their queued notifications.
    func deletePushTokens(seenBefore date: Date) async throws

    /// Queues notification payloads (JSON text) for push tokens, kept until they are delivered; a token's queue
    /// keeps its `limit` newest, and the oldest it keeps is marked pruned: it stands for the ones dropped before it.
    func enqueueNotifications(_ notifications: [(token: String, payload: String)], keepingAtMost limit: Int) async throws

    /// Takes the oldest notification queued for a token, if any: it is removed as it is handed over, with whether
    /// it was marked pruned.
    func takeNotification(for token: String) async throws -> (payload: String, pruned: Bool)?

    /// Marks a push token seen at `now` if it exists and was seen since `date`; `false` when it does not or was not.
    func markPushTokenSeen(_ token: String, now: Date, seenSince date: Date) async throws -> Bool

    /// Opens an upload slot for `origin` that accepts one file until `expiresAt`.
    func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws

    /// Closes an upload slot and returns whom it was for, or `nil` if there is no such slot or it expired.
    func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin?

    /// Records an uploaded file under its receipt, bound to its origin.
    func insertAsset(receipt: String, checksum: String, size: Int64, origin: UploadOrigin, at date: Date) async throws

    /// The files uploaded to the container under these receipts, by receipt.
    func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile]

    /// Forgets the uploads that no record references and that either a record held once or are older than
    /// `date`, and returns the checksums of the files no upload uses any more, to remove from disk.
    func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String]

    /// Rebuilds the index entries of every live record of a type, in every database and zone of a container
    /// environment, from `indexes`: after an import or deploy changed the type's indexes.
    func reindex(
        recordType: String, in container: ContainerID, environment: ContainerEnvironment,
        _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes
    ) async throws
}
