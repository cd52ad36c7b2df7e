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
        /// The development schema as it is (or, validating only, would be) now.
        public var development: Schema
    }

    /// Replaces the development schema with `text`. A file that does not parse or validate, or that would
    /// remove from development what production has, changes nothing (`BAD_REQUEST` with every reason).
    public func importDevelopment(_ text: String, into container: ContainerID, validateOnly: Bool = false) async throws
        -> ImportResult
    {
        let imported = try Self.validSchema(text)
        return try await changeDevelopment(of: container, validateOnly: validateOnly) { _ in imported }
    }

    /// Applies fine-grained `edits` to the development schema, all or none: an edit that cannot apply, a
    /// result that is not a valid schema, or one that would lose what production has changes nothing
    /// (`BAD_REQUEST` saying why).
    public func editDevelopment(_ edits: [SchemaEdit], of container: ContainerID, validateOnly: Bool = false) async throws
        -> ImportResult
    {
        try await changeDevelopment(of: container, validateOnly: validateOnly) { development in
            let edited: Schema
            do {
                edited = try development.applying(edits)
            } catch {
                throw ServerError(.badRequest, reason: "the schema change cannot apply: \(error)")
            }
            try Self.requireValid(edited)
            return edited
        }
    }

    /// Replaces the development schema with what `make` builds from it, in one transaction, unless it would
    /// remove from development what production has; then rebuilds the indexes the change touched.
    private func changeDevelopment(
        of container: ContainerID, validateOnly: Bool, _ make: @escaping @Sendable (Schema) throws -> Schema
    ) async throws -> ImportResult {
        let result = try await storage.updateSchemas(of: container) { pair in
            let changed = try make(pair.development).canonical
            let blocked = SchemaDiff(production: pair.production, development: changed).changes(of: .blocked)
            guard blocked.isEmpty else {
                throw Self.refusal("the schema would lose what production has", blocked)
            }
            let diff = SchemaDiff(production: pair.development, development: changed)
            if !validateOnly {
                pair.development = changed
            }
            return (ImportResult(diff: diff, applied: !validateOnly, development: changed), nil)
        }
        if result.applied {
            try await reindex(result.diff, schema: result.development, container: container, environment: .development)
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

    /// What a reset of development did (or, as a dry run, would do).
    public struct ResetResult: Sendable {
        /// The live development records deleted, by record type.
        public var deletedRecords: [String: Int]
        /// The schema changes from development back to production's schema.
        public var diff: SchemaDiff
        /// Whether anything was deleted.
        public var applied: Bool
    }

    /// Deletes every development record, zone and subscription of the container and sets development's
    /// schema back to production's (empty when nothing was deployed), in one transaction; with `dryRun`,
    /// only reports what would go.
    public func resetDevelopment(of container: ContainerID, dryRun: Bool = false) async throws -> ResetResult {
        let pair = try await storage.schemas(of: container)
        let diff = SchemaDiff(production: pair.development, development: pair.production)
        guard !dryRun else {
            let statistics = try await storage.recordTypeStatistics(in: container, environment: .development)
            let counts = Dictionary(uniqueKeysWithValues: statistics.filter { $0.records > 0 }.map { ($0.recordType, $0.records) })
            return ResetResult(deletedRecords: counts, diff: diff, applied: false)
        }
        let deleted = try await storage.resetDevelopment(of: container)
        return ResetResult(deletedRecords: deleted, diff: diff, applied: true)
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
            try await storage.reindex(typeName, by: schema, in: container, environment: environment)
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
        try requireValid(schema)
        return schema
    }

    /// `BAD_REQUEST` listing what makes `schema` invalid, if anything does.
    static func requireValid(_ schema: Schema) throws {
        let errors = SchemaValidator.errors(in: schema)
        guard errors.isEmpty else {
            throw ServerError(.badRequest, reason: "the schema is not valid: " + errors.map(\.description).joined(separator: "; "))
        }
    }
}
