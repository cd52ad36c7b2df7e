import CKModel
import CKSchema

/// Who may read a record of the public database: the roles the caller holds on it (`_creator` on the records they
/// created) that its type grants READ to. The other databases are their owner's, and need none.
struct ReadPermission {
    private let schema: Schema
    private let policy: AccessPolicy

    /// The permission of `access`'s caller, under `schema`; `nil` outside the public database, where every record
    /// the caller reaches is theirs to read.
    init?(_ access: DatabaseAccess, schema: Schema) {
        guard access.database == .public else { return nil }
        self.schema = schema
        policy = AccessPolicy(caller: access.caller)
    }

    /// Why the caller may not read the record `recordName` of `recordType` created by `creator`: `nil` when they may.
    func refusal(of recordName: String, type recordType: String, creator: String?) -> ServerError? {
        guard !policy.allows(.read, on: schema.recordType(named: recordType), creator: creator) else { return nil }
        return ServerError(.accessDenied, reason: "READ operation not permitted", recordName: recordName)
    }
}
