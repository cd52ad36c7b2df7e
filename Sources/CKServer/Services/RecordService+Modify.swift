import CKModel
import CKSchema
import Foundation

extension RecordService {
    /// One attempt at `records/modify`: the answer, and the operations that lost a race to another writer
    /// between reading their records and writing them (force operations, which must not fail that way, are
    /// tried again by `modify`).
    func modifyOnce(_ request: RecordsModify.Request, access: DatabaseAccess) async throws -> (response: RecordsModify.Response, raced: [Int]) {
        let operations = request.operations
        try ItemLimit.check(operations.count, "operations")
        if access.isReadOnly {
            throw ServerError(.accessDenied, reason: "the management token is read-only")
        }
        let reached = try await storage.existingZone(request.zoneID, for: access)
        let zone = reached.key
        if let scope = reached.scope, scope.permission != .readWrite {
            // Refused before anything is admitted, so the schema stays as it is.
            return (RecordsModify.Response(records: operations.map { operation in
                .failure(ServerError(.accessDenied, reason: "the share lets you read these records, not change them", recordName: operation.record.recordName))
            }), [])
        }
        let atomic = (request.atomic ?? true) && !zone.isDefaultZone
        let names = operations.map { $0.record.recordName ?? UUID().uuidString }
        // A typed create needs no lookup outside shared zones: the insert itself refuses a live record (EXISTS).
        let looked = names.indices.filter { index in
            reached.scope != nil || operations[index].operationType != .create || operations[index].record.recordType == nil
        }
        let existing = try await storage.records(named: looked.map { names[$0] }, in: zone)
        var scope = reached.scope
        if scope != nil {
            scope?.takenNames = try await storage.takenNames(names, in: zone)
        }
        let admission = try await admit(operations, existing: existing, access: access)
        let sharing = try await sharePlanning(operations, names: names, existing: existing, zone: zone, access: access)
        let receipts = Set(operations.flatMap { RecordIndexing.assetReceipts(of: $0.record.fields ?? [:]) })
        let files = try await storage.assets(withReceipts: Array(receipts), in: access.container.id)

        var plans: [Result<RecordWrite, ServerError>] = []
        var seen = Set<String>()
        // Each type's fields by name, made once for all the records of the request.
        var fieldsByType: [String: [String: Field]] = [:]
        for (index, operation) in operations.enumerated() {
            let name = names[index]
            guard seen.insert(name).inserted else {
                plans.append(.failure(ServerError(.badRequest, reason: "only one operation per record is allowed in a request", recordName: name)))
                continue
            }
            plans.append(Result {
                var operation = operation
                let typeName = operation.record.recordType ?? existing[name]?.recordType
                if let typeName, fieldsByType[typeName] == nil {
                    fieldsByType[typeName] = admission.schema.recordType(named: typeName)?.fieldsByName
                }
                let known = typeName.flatMap { fieldsByType[$0] }
                operation.record.fields = try operation.record.fields.map { try Self.storedAssets(SchemaEnforcement.coerced($0, to: known), files: files, access: access) }
                return try plan(
                    operation, name: name, existing: existing[name].flatMap { reached.scope?.contains($0.recordName) ?? true ? $0 : nil },
                    admission: admission[index], schema: admission.schema, sharing: sharing, scope: scope, access: access)
            }.mapError { error in
                var failure = error as? ServerError ?? ServerError(.internalError, reason: "\(error)")
                failure.recordName = name
                return failure
            })
        }
        if atomic, let culprit = plans.firstIndex(where: { if case .failure = $0 { true } else { false } }), case .failure(let error) = plans[culprit] {
            return (RecordsModify.Response(records: RecordRefusal.atomicBatch(names, failedAt: culprit, with: error).map { .failure($0) }), [])
        }
        let writes = plans.compactMap { try? $0.get() }
        // A signed-in user's web auth token is rotated in the same transaction, the save's one commit.
        let apply = { (rotation: WebAuthTokenRotation?) in try await self.storage.apply(writes, in: zone, atomic: atomic, rotating: rotation) }
        let outcomes = if let handOver = access.webAuthToken { try await handOver.making(apply) } else { try await apply(nil).outcomes }
        var outcomeByName: [String: Result<String, ServerError>] = [:]
        var events: [NotificationService.RecordEvent] = []
        for (write, outcome) in zip(writes, outcomes) {
            outcomeByName[write.recordName] = outcome.map(\.changeTag)
            guard case .success(let applied) = outcome else { continue }
            switch write {
            case .insert(var record, _):
                record.changeTag = applied.changeTag
                events.append(.init(record: record, reason: 1))
            case .update(var record, _, _):
                record.changeTag = applied.changeTag
                events.append(.init(record: record, reason: 2))
            case .delete(let name, _):
                if let record = existing[name] {
                    events.append(.init(record: record, reason: 3))
                }
            }
            events += applied.cascaded.map { .init(record: $0, reason: 3) }
        }
        // The writes are committed: notifying and collecting files are best effort and cannot fail the request.
        await notifications?.deliver(events, in: zone)
        let releasedAssets = events.contains { event in
            event.reason != 1 && !RecordIndexing.assetReceipts(of: existing[event.record.recordName]?.fields ?? event.record.fields).isEmpty
        }
        if releasedAssets {
            try? await assets?.collectGarbage()
        }
        let zoneID = ZoneService.wireZoneID(zone)
        // A force operation's write refused because another writer got there first lost a race; in an atomic
        // batch, which storage undid whole, the whole batch did.
        let lostRace = { (index: Int) -> Bool in
            guard operations[index].operationType.ignoresConflicts, case .success(let planned) = plans[index],
                case .failure(let failure)? = outcomeByName[planned.recordName]
            else { return false }
            return [.conflict, .exists, .notFound].contains(failure.serverErrorCode)
        }
        let raced = atomic
            ? (operations.indices.contains(where: lostRace) ? Array(operations.indices) : [])
            : operations.indices.filter(lostRace)
        return (RecordsModify.Response(records: plans.enumerated().map { index, plan -> ItemResult<Record> in
            switch plan {
            case .failure(let error):
                return .failure(error)
            case .success(let planned):
                let changeTag: String
                switch outcomeByName[planned.recordName] {
                case .failure(let failure)?: return .failure(failure)
                case .success(let tag)?: changeTag = tag
                case nil: return .failure(ServerError(.internalError, reason: "the write was not applied", recordName: planned.recordName))
                }
                switch planned {
                case .delete(let name, _):
                    return .success(Record(recordName: name, deleted: true))
                case .insert(var record, _), .update(var record, _, _):
                    record.changeTag = changeTag
                    let keys = operations[index].desiredKeys ?? request.desiredKeys
                    return .success(record.wireRecord(
                        zoneID: zoneID, desiredKeys: keys, serverURL: access.serverURL, container: access.container.id,
                        viewer: access.caller.userRecordName))
                }
            }
        }), raced)
    }

    /// The schema after admitting every saved record (just-in-time additions written in development), and
    /// each operation's admission failure, if any.
    struct Admission {
        var schema: Schema
        var failures: [ServerError?]

        subscript(index: Int) -> ServerError? { failures[index] }
    }

    private func admit(_ operations: [RecordOperation], existing: [String: StoredRecord], access: DatabaseAccess) async throws -> Admission {
        let environment = access.environment
        let saves: [(String, [String: FieldValue])?] = operations.map { operation in
            guard !Self.isDelete(operation.operationType) else { return nil }
            let type = operation.record.recordType ?? operation.record.recordName.flatMap { existing[$0]?.recordType }
            // Shares are a system type: their fields (`cloudkit.title` …) are not part of the schema.
            return type.flatMap { $0 == ShareRecord.recordType ? nil : ($0, operation.record.fields ?? [:]) }
        }
        // Admit against a snapshot first: a save of known types and fields needs no write to the schema.
        let snapshot = try await storage.schemas(of: access.container.id)
        let current = snapshot.schema(of: environment)
        let admitted = Self.admit(saves, into: current, environment: environment)
        // Only a caller who may write grows the schema: a refused save must leave no type or field behind.
        guard environment == .development, admitted.schema != current, !access.isReadOnly, access.caller != .world else {
            return admitted
        }
        // Just-in-time additions: admit again inside the write, against the schema as it is then.
        return try await storage.updateSchemas(of: access.container.id) { pair in
            let admission = Self.admit(saves, into: pair.development, environment: environment)
            pair.development = admission.schema
            return (admission, nil)
        }
    }

    private static func admit(_ saves: [(String, [String: FieldValue])?], into schema: Schema, environment: ContainerEnvironment) -> Admission {
        var schema = schema
        var known: [String: [String: Field]] = [:]
        let failures: [ServerError?] = saves.map { save in
            guard let (type, fields) = save else { return nil }
            do {
                // What CloudKit refuses whatever the schema is refused before the schema is touched.
                try checkSize(fields)
                try SchemaEnforcement.admit(recordType: type, fields: fields, into: &schema, environment: environment, known: &known)
                return nil
            } catch {
                return error as? ServerError ?? ServerError(.badRequest, reason: "\(error)")
            }
        }
        return Admission(schema: schema, failures: failures)
    }

    private static func isDelete(_ type: RecordOperation.OperationType) -> Bool {
        type == .delete || type == .forceDelete
    }

    /// What saving shares needs, when the request saves any: the records they may share and the users they may
    /// invite; `nil` outside the custom zones of a private database, where shares cannot live.
    private func sharePlanning(
        _ operations: [RecordOperation], names: [String], existing: [String: StoredRecord], zone: ZoneKey, access: DatabaseAccess
    ) async throws -> SharePlanning? {
        let shares = operations.indices.filter {
            (operations[$0].record.recordType ?? existing[names[$0]]?.recordType) == ShareRecord.recordType
        }
        guard !shares.isEmpty, access.database == .private, !zone.isDefaultZone else { return nil }
        let wanted = shares.compactMap { operations[$0].record.forRecord?.recordName }
        let contested = Set(Dictionary(grouping: wanted, by: { $0 }).filter { $0.value.count > 1 }.keys)
        let roots = try await storage.records(named: wanted, in: zone)
        return SharePlanning(
            roots: roots, users: try await storage.users(in: access.container.id), owner: zone.ownerRecordName, contestedRoots: contested)
    }

    /// Decides one operation: the write to make, or the per-record error CloudKit gives.
    private func plan(
        _ operation: RecordOperation, name: String, existing: StoredRecord?, admission: ServerError?, schema: Schema,
        sharing: SharePlanning?, scope: ShareScope?, access: DatabaseAccess
    ) throws -> RecordWrite {
        if let problem = ObjectName.problem(with: name, kind: "record") {
            throw ServerError(.badRequest, reason: problem)
        }
        if let admission {
            throw admission
        }
        let type = operation.operationType
        let given = operation.record
        let policy = AccessPolicy(caller: access.caller)
        let isPublic = access.database == .public
        if let forced = type.forced, given.recordChangeTag == nil {
            // Apple's reference requires the tag; clients such as MistKit send a delete without it.
            throw ServerError(
                .badRequest, reason: "\(type.rawValue) needs the record's recordChangeTag from a fetch; send \(forced.rawValue) to \(type.rawValue) it whatever its tag")
        }
        let isShare = (given.recordType ?? existing?.recordType) == ShareRecord.recordType
        if isShare, sharing == nil {
            throw ServerError(.badRequest, reason: scope == nil ? "shares live in the custom zones of a private database" : "only a share's owner changes it")
        }
        if let scope {
            try Self.checkShared(given, name: name, existing: existing, scope: scope)
        }
        guard let existing else {
            guard type.createsMissingRecord else {
                throw RecordRefusal.notFound(name)
            }
            guard let typeName = given.recordType else {
                throw ServerError(.badRequest, reason: "\(type.rawValue) of a new record needs its recordType")
            }
            if isPublic, !policy.allows(.create, on: schema.recordType(named: typeName)) {
                throw ServerError(.accessDenied, reason: "CREATE operation not permitted")
            }
            let stamp = stamp(access)
            var record = StoredRecord(
                recordName: name, recordType: typeName, changeTag: "", fields: given.fields ?? [:], created: stamp, modified: stamp,
                parent: given.parent?.recordName)
            if isShare, let sharing {
                record.shareInfo = try sharing.share(given, name: name, existing: nil)
            }
            try Self.checkSize(record.fields)
            return .insert(record, RecordIndexing.indexes(of: record, in: schema.indexedType(named: typeName)))
        }
        if type == .create {
            throw RecordRefusal.exists(name)
        }
        if isPublic, !policy.allows(.write, on: schema.recordType(named: existing.recordType), creator: existing.created.userRecordName) {
            throw ServerError(.accessDenied, reason: "WRITE operation not permitted")
        }
        if let typeName = given.recordType, typeName != existing.recordType {
            throw ServerError(.badRequest, reason: "the record \(name) is a \(existing.recordType), not a \(typeName)")
        }
        if type.checksChangeTag, given.recordChangeTag != existing.changeTag {
            throw RecordRefusal.conflict(name)
        }
        if Self.isDelete(type) {
            return .delete(recordName: name, expectedTag: existing.changeTag)
        }
        var record = existing
        if type == .replace || type == .forceReplace {
            record.fields = given.fields ?? [:]
            record.parent = given.parent?.recordName
        } else {
            record.fields.merge(given.fields ?? [:]) { _, new in new }
            record.parent = given.parent?.recordName ?? record.parent
        }
        if isShare, let sharing {
            record.shareInfo = try sharing.share(given, name: name, existing: existing.shareInfo)
        }
        record.modified = stamp(access)
        try Self.checkSize(record.fields)
        let indexes = RecordIndexing.indexes(of: record, in: schema.indexedType(named: record.recordType))
        return .update(record, indexes, expectedTag: existing.changeTag)
    }

    /// Refuses a write to another user's shared zone that its shares do not allow: a change of a record no
    /// READ_WRITE share covers; a new record under a share of records whose parent is not writable; a new record
    /// taking the name of any record of the zone (a deleted one too) or of a parent some record names.
    private static func checkShared(_ given: Record, name: String, existing: StoredRecord?, scope: ShareScope) throws {
        guard let existing else {
            if scope.takenNames.contains(name) {
                throw ServerError(.accessDenied, reason: "the name \(name) is taken in this shared zone; choose another")
            }
            if scope.writableNames != nil, !(given.parent.map { scope.allowsWriting($0.recordName) } ?? false) {
                throw ServerError(.accessDenied, reason: "a record created in a shared zone must have a shared record you may change as its parent")
            }
            return
        }
        guard scope.allowsWriting(existing.recordName) else {
            throw ServerError(.accessDenied, reason: "the share lets you read this record, not change it")
        }
    }

    private func stamp(_ access: DatabaseAccess) -> RecordStamp {
        RecordStamp(timestamp: Timestamp(Date()), userRecordName: access.caller.userRecordName, deviceID: "iCloud")
    }

    /// The fields with each ASSET value replaced by what the server knows of the file its receipt names;
    /// a value without the receipt of a file the caller may save here is refused.
    private static func storedAssets(_ fields: [String: FieldValue], files: [String: UploadedFile], access: DatabaseAccess) throws -> [String: FieldValue] {
        func stored(_ asset: Asset, _ name: String) throws -> Asset {
            guard let stored = AssetService.stored(asset, files: files, access: access) else {
                throw ServerError(.badRequest, reason: "the ASSET value of field '\(name)' needs the receipt of a file you uploaded with assets/upload for this database, or of one a record you can read holds")
            }
            return stored
        }
        var result = fields
        for (name, value) in fields {
            switch value {
            case .asset(let asset): result[name] = .asset(try stored(asset, name))
            case .list(.asset(let assets)): result[name] = .list(.asset(try assets.map { try stored($0, name) }))
            default: break
            }
        }
        return result
    }

    private static func checkSize(_ fields: [String: FieldValue]) throws {
        let size = RecordSize.of(fields)
        guard size <= maximumRecordSize else {
            throw ServerError(.badRequest, reason: "the record is \(size) bytes; a record may hold at most \(maximumRecordSize) bytes besides its assets")
        }
    }
}
