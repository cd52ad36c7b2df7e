import CKModel
import CKSchema
import Foundation

/// Imports schema text into development and deploys development to production, under CloudKit's rules.
public struct SchemaService: Sendable {
    let storage: any ServerStorage

    /// Creates the service over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// What an import did: the development schema before and after.
    public struct ImportResult: Sendable {
        /// The changes from the previous development schema to the imported one.
        public var diff: SchemaDiff
        /// Whether the schema was written (false for a validation-only import).
        public var applied: Bool
    }

    /// Replaces the development schema with `text`. A file that does not parse or validate, or that would
    /// remove from development what production has, changes nothing (`BAD_REQUEST` with every reason).
    public func importDevelopment(_ text: String, into container: ContainerID, validateOnly: Bool = false) async throws
        -> ImportResult
    {
        let imported = try Self.validSchema(text)
        let result = try await storage.updateSchemas(of: container) { pair in
            let againstProduction = SchemaDiff(production: pair.production, development: imported)
            let blocked = againstProduction.changes(of: .blocked)
            guard blocked.isEmpty else {
                throw Self.refusal("the schema would lose what production has", blocked)
            }
            let diff = SchemaDiff(production: pair.development, development: imported)
            if !validateOnly {
                pair.development = imported.canonical
            }
            return (ImportResult(diff: diff, applied: !validateOnly), nil)
        }
        if result.applied {
            try await reindex(result.diff, schema: imported.canonical, container: container, environment: .development)
        }
        return result
    }

    /// What a deploy did.
    public struct DeployResult: Sendable {
        /// The changes applied.
        public var diff: SchemaDiff
        /// Production's schema after the deploy.
        public var production: Schema
    }

    /// The diff a deploy of development would apply now.
    public func pendingDiff(of container: ContainerID) async throws -> SchemaDiff {
        let pair = try await storage.schemas(of: container)
        return SchemaDiff(production: pair.production, development: pair.development)
    }

    /// Deploys development to production in one transaction. Refused with `BAD_REQUEST` when a change is
    /// blocked (nothing applied), and with `CONFLICT` when `expectedDigest` is given and the diff is no longer
    /// the one reviewed.
    public func deploy(_ container: ContainerID, actor: String, expectedDigest: String? = nil) async throws -> DeployResult {
        let result = try await storage.updateSchemas(of: container) { pair in
            let diff = SchemaDiff(production: pair.production, development: pair.development)
            if let expectedDigest, expectedDigest != diff.digest {
                throw ServerError(
                    .conflict,
                    reason: "the schema diff changed since it was reviewed (expected digest \(expectedDigest), now \(diff.digest)); review it again")
            }
            let blocked = diff.changes(of: .blocked)
            guard blocked.isEmpty else {
                throw Self.refusal("production refuses this deploy", blocked)
            }
            guard !diff.isEmpty else {
                return (DeployResult(diff: diff, production: pair.production), nil)
            }
            pair.production = diff.apply(to: pair.production)
            let deployment = Deployment(actor: actor, deployedAt: Date(), digest: diff.digest, changes: diff.changes.map(\.summary))
            return (DeployResult(diff: diff, production: pair.production), deployment)
        }
        try await reindex(result.diff, schema: result.production, container: container, environment: .production)
        return result
    }

    /// Rebuilds the query indexes of the existing records of every type whose indexes `diff` changes, so a
    /// query on a newly indexed field finds them and a dropped index leaves nothing behind.
    private func reindex(_ diff: SchemaDiff, schema: Schema, container: ContainerID, environment: ContainerEnvironment) async throws {
        let types = Set(diff.changes.compactMap { change -> String? in
            switch change.kind {
            case .indexAdded(let type, _, _), .indexRemoved(let type, _, _): type
            default: nil
            }
        })
        for typeName in types.sorted() {
            let recordType = schema.recordType(named: typeName)
            try await storage.reindex(recordType: typeName, in: container, environment: environment) { record in
                RecordIndexing.indexes(of: record, in: recordType)
            }
        }
    }

    /// `BAD_REQUEST` listing each blocked change with its reason.
    private static func refusal(_ verdict: String, _ blocked: [SchemaChange]) -> ServerError {
        ServerError(
            .badRequest, reason: verdict + ": " + blocked.map { "\($0.summary) (\($0.reason ?? "blocked"))" }.joined(separator: "; "))
    }

    /// Parses and validates schema text, or throws `BAD_REQUEST` saying where and what is wrong.
    static func validSchema(_ text: String) throws -> Schema {
        let schema: Schema
        do {
            schema = try SchemaParser.parse(text)
        } catch {
            throw ServerError(.badRequest, reason: "the schema does not parse: \(error)")
        }
        let errors = SchemaValidator.errors(in: schema)
        guard errors.isEmpty else {
            throw ServerError(.badRequest, reason: "the schema is not valid: " + errors.map(\.description).joined(separator: "; "))
        }
        return schema
    }
}
