import CKModel
import Foundation

/// What `CachedStorage` does not remember goes straight to the storage it wraps.
extension CachedStorage {
    public func createContainer(_ container: ContainerInfo) async throws {
        try await storage.createContainer(container)
    }

    public func container(_ id: ContainerID) async throws -> ContainerInfo? {
        try await storage.container(id)
    }

    public func containers() async throws -> [ContainerInfo] {
        try await storage.containers()
    }

    public func version(of container: ContainerID) async throws -> Int64? {
        try await storage.version(of: container)
    }

    public func deployments(of container: ContainerID) async throws -> [Deployment] {
        try await storage.deployments(of: container)
    }

    public func recordCounts(in container: ContainerID) async throws -> [ManagementContainers.RecordCount] {
        try await storage.recordCounts(in: container)
    }

    public func recordTypeStatistics(in container: ContainerID, environment: ContainerEnvironment) async throws -> [RecordTypeStatistics] {
        try await storage.recordTypeStatistics(in: container, environment: environment)
    }

    @discardableResult
    public func appendAuditEntry(_ entry: AuditEntry) async throws -> Int64 {
        try await storage.appendAuditEntry(entry)
    }

    public func auditEntries(matching filter: ManagementAudit.Filter, before sequence: Int64?, limit: Int) async throws -> [(sequence: Int64, entry: AuditEntry)] {
        try await storage.auditEntries(matching: filter, before: sequence, limit: limit)
    }

    public func appendRequestLog(_ entries: [RequestLogEntry]) async throws {
        try await storage.appendRequestLog(entries)
    }

    public func requestLogEntries(in range: RequestLogRange, limit: Int) async throws -> [RequestLogEntry] {
        try await storage.requestLogEntries(in: range, limit: limit)
    }

    public func pruneRequestLog(before timestamp: Int64, capacity: Int) async throws -> Int {
        try await storage.pruneRequestLog(before: timestamp, capacity: capacity)
    }

    public func appendTelemetry(_ rows: [TelemetryRow]) async throws {
        try await storage.appendTelemetry(rows)
    }

    public func telemetryRows(resolution: Int, from start: Int64, to end: Int64, container: ContainerID?) async throws -> [TelemetryRow] {
        try await storage.telemetryRows(resolution: resolution, from: start, to: end, container: container)
    }

    public func telemetryIntervals(resolution: Int, from start: Int64) async throws -> Set<Int64> {
        try await storage.telemetryIntervals(resolution: resolution, from: start)
    }

    public func pruneTelemetry(resolution: Int, before start: Int64) async throws {
        try await storage.pruneTelemetry(resolution: resolution, before: start)
    }

    public func appendUsage(_ samples: [UsageSample]) async throws {
        try await storage.appendUsage(samples)
    }

    public func usage(of container: ContainerID?, from start: Int64, to end: Int64) async throws -> [UsageSample] {
        try await storage.usage(of: container, from: start, to: end)
    }

    public func assetBytesByRecordType(in container: ContainerID, environment: ContainerEnvironment) async throws -> [String: Int] {
        try await storage.assetBytesByRecordType(in: container, environment: environment)
    }

    public func hasUsage(at hour: Int64, pruningBefore oldest: Int64) async throws -> Bool {
        try await storage.hasUsage(at: hour, pruningBefore: oldest)
    }

    public func saveAlertRule(_ rule: AlertRule) async throws {
        try await storage.saveAlertRule(rule)
    }

    public func deleteAlertRule(_ id: String, in container: ContainerID) async throws -> Bool {
        try await storage.deleteAlertRule(id, in: container)
    }

    public func alertRules(in container: ContainerID?) async throws -> [AlertRule] {
        try await storage.alertRules(in: container)
    }

    public func recordAlertEvent(_ event: AlertEvent) async throws -> Bool {
        try await storage.recordAlertEvent(event)
    }

    public func alertEvents(in container: ContainerID, ruleID: String?, limit: Int) async throws -> [AlertEvent] {
        try await storage.alertEvents(in: container, ruleID: ruleID, limit: limit)
    }

    public func claimAlertEvaluation(at minute: Int64) async throws -> Bool {
        try await storage.claimAlertEvaluation(at: minute)
    }

    public func appendDeveloperNotification(_ notification: DeveloperNotification) async throws -> DeveloperNotification {
        try await storage.appendDeveloperNotification(notification)
    }

    public func developerNotifications(in container: ContainerID?, before sequence: Int64?, limit: Int) async throws
        -> (notifications: [DeveloperNotification], unread: Int)
    {
        try await storage.developerNotifications(in: container, before: sequence, limit: limit)
    }

    public func markDeveloperNotificationsRead(_ sequences: [Int64]?, in container: ContainerID?) async throws {
        try await storage.markDeveloperNotificationsRead(sequences, in: container)
    }

    public func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date) async throws -> RequestRecords {
        try await storage.requestRecords(container: container, credentialHash: credentialHash, webAuthTokenHash: webAuthTokenHash, userRecordName: userRecordName, now: now)
    }

    public func insertCredential(_ credential: CredentialRecord) async throws {
        try await storage.insertCredential(credential)
    }

    public func credential(secretHash: String) async throws -> CredentialRecord? {
        try await storage.credential(secretHash: secretHash)
    }

    public func credentials(of kind: CredentialKind, container: ContainerID?) async throws -> [CredentialRecord] {
        try await storage.credentials(of: kind, container: container)
    }

    public func deleteCredential(secretHash: String) async throws -> Bool {
        try await storage.deleteCredential(secretHash: secretHash)
    }

    public func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken? {
        try await storage.webAuthToken(presentedHash: presentedHash, now: now)
    }

    public func rotateWebAuthToken(_ rotation: WebAuthTokenRotation) async throws -> Bool {
        try await storage.rotateWebAuthToken(rotation)
    }

    public func insertServerKey(_ key: ServerKey) async throws {
        try await storage.insertServerKey(key)
    }

    public func serverKeys(of container: ContainerID) async throws -> [ServerKey] {
        try await storage.serverKeys(of: container)
    }

    public func deleteServerKey(_ keyID: String) async throws -> Bool {
        try await storage.deleteServerKey(keyID)
    }

    public func serverKey(_ keyID: String) async throws -> ServerKey? {
        try await storage.serverKey(keyID)
    }

    public func createUser(_ user: UserAccount) async throws {
        try await storage.createUser(user)
    }

    public func user(named name: String, in container: ContainerID) async throws -> UserAccount? {
        try await storage.user(named: name, in: container)
    }

    public func user(recordName: String, in container: ContainerID) async throws -> UserAccount? {
        try await storage.user(recordName: recordName, in: container)
    }

    public func users(in container: ContainerID) async throws -> [UserAccount] {
        try await storage.users(in: container)
    }

    public func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws {
        try await storage.setDiscoverable(discoverable, user: userRecordName, in: container)
    }

    public func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws {
        try await storage.setRoles(roles, ofUser: userRecordName, in: container)
    }

    public func setPasswordVerifier(_ verifier: String?, ofUser userRecordName: String, in container: ContainerID) async throws {
        try await storage.setPasswordVerifier(verifier, ofUser: userRecordName, in: container)
    }

    public func signInUser(named name: String, in container: ContainerID) async throws -> (user: UserAccount, passwordVerifier: String?)? {
        try await storage.signInUser(named: name, in: container)
    }

    public func forEachRecordRow(named names: [String], in zone: ZoneKey, _ body: (any StoredRecordColumns) throws -> Void) async throws {
        try await storage.forEachRecordRow(named: names, in: zone, body)
    }

    public func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool, rotating rotation: WebAuthTokenRotation?) async throws
        -> (outcomes: [Result<AppliedWrite, ServerError>], rotated: Bool?)
    {
        try await storage.apply(writes, in: zone, atomic: atomic, rotating: rotation)
    }

    public func zones(in database: ZoneKey.Database) async throws -> [ZoneState] {
        try await storage.zones(in: database)
    }

    public func zoneState(_ zone: ZoneKey) async throws -> ZoneState? {
        try await storage.zoneState(zone)
    }

    public func forEachChange(
        in zone: ZoneKey, after changeNumber: Int64, limit: Int, recordTypes: [String]?, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws -> ZoneState? {
        try await storage.forEachChange(in: zone, after: changeNumber, limit: limit, recordTypes: recordTypes, body)
    }

    public func zoneChanges(in database: ZoneKey.Database, after change: Int64, limit: Int) async throws -> (lastChange: Int64, zones: [ZoneChange]) {
        try await storage.zoneChanges(in: database, after: change, limit: limit)
    }

    public func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit] {
        try await storage.scan(scan, in: zone, after: cursor, limit: limit)
    }

    public func forEachRecordRow(
        ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws {
        try await storage.forEachRecordRow(ofType: recordType, in: zone, after: cursor, limit: limit, body)
    }

    public func search(_ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int) async throws -> [String] {
        try await storage.search(tokens, matchAll: matchAll, recordType: recordType, fieldName: fieldName, in: zone, after: cursor, limit: limit)
    }

    public func shareLocation(shortGUID: String, in container: ContainerID, environment: ContainerEnvironment) async throws -> (zone: ZoneKey, shareName: String)? {
        try await storage.shareLocation(shortGUID: shortGUID, in: container, environment: environment)
    }

    public func sharedZones(with userRecordName: String, in container: ContainerID, environment: ContainerEnvironment) async throws -> [ZoneState] {
        try await storage.sharedZones(with: userRecordName, in: container, environment: environment)
    }

    public func shares(acceptedBy userRecordName: String, in zone: ZoneKey) async throws -> [StoredShare] {
        try await storage.shares(acceptedBy: userRecordName, in: zone)
    }

    public func recordTree(from roots: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await storage.recordTree(from: roots, in: zone)
    }

    public func takenNames(_ names: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await storage.takenNames(names, in: zone)
    }

    public func subscriptions(in database: ZoneKey.Database) async throws -> [Subscription] {
        try await storage.subscriptions(in: database)
    }

    public func createPushToken(_ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment, now: Date) async throws {
        try await storage.createPushToken(token, for: owner, in: container, environment: environment, now: now)
    }

    public func registerPushToken(_ token: String, for owner: String, in container: ContainerID, now: Date) async throws -> Bool {
        try await storage.registerPushToken(token, for: owner, in: container, now: now)
    }

    public func pushTokens(of owner: String, in container: ContainerID, environment: ContainerEnvironment, seenSince date: Date) async throws -> [String] {
        try await storage.pushTokens(of: owner, in: container, environment: environment, seenSince: date)
    }

    public func deletePushTokens(seenBefore date: Date) async throws {
        try await storage.deletePushTokens(seenBefore: date)
    }

    public func enqueueNotifications(_ notifications: [(token: String, payload: String)], keepingAtMost limit: Int) async throws {
        try await storage.enqueueNotifications(notifications, keepingAtMost: limit)
    }

    public func takeNotification(for token: String) async throws -> (payload: String, pruned: Bool)? {
        try await storage.takeNotification(for: token)
    }

    public func markPushTokenSeen(_ token: String, now: Date, seenSince date: Date) async throws -> Bool {
        try await storage.markPushTokenSeen(token, now: now, seenSince: date)
    }

    public func listenForQueuedNotifications(_ wake: @escaping @Sendable (String) -> Void) async throws {
        try await storage.listenForQueuedNotifications(wake)
    }

    public func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws {
        try await storage.createUploadSlot(slot, for: origin, expiresAt: expiresAt)
    }

    public func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin? {
        try await storage.takeUploadSlot(slot, now: now)
    }

    public func insertAsset(receipt: String, contents: [UInt8], checksum: String, origin: UploadOrigin, at date: Date) async throws {
        try await storage.insertAsset(receipt: receipt, contents: contents, checksum: checksum, origin: origin, at: date)
    }

    public func fileContents(checksum: String) async throws -> Data? {
        try await storage.fileContents(checksum: checksum)
    }

    public func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile] {
        try await storage.assets(withReceipts: receipts, in: container)
    }

    public func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String] {
        try await storage.collectUnreferencedAssets(uploadedBefore: date)
    }

    public func reindex(recordType: String, in container: ContainerID, environment: ContainerEnvironment, _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes) async throws {
        try await storage.reindex(recordType: recordType, in: container, environment: environment, indexes)
    }

    public func pendingReindexes() async throws -> [String] {
        try await storage.pendingReindexes()
    }

    public func finishPendingReindex(of recordType: String) async throws {
        try await storage.finishPendingReindex(of: recordType)
    }
}
