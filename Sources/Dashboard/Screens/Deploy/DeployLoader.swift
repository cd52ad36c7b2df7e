import CKClient
import CKModel
import CKSchema

/// Fetches and changes what the deploy screen shows, through the management API: the diff and both schemas, the
/// deploy history, the deploy itself, and the reset of development (previewed by a dry run first); or the diff
/// of two schema files, where there is no management API.
struct DeployLoader: Sendable {
    /// What became of a deploy.
    enum Outcome: Sendable {
        /// Production took the diff; its new schema is in the answer.
        case deployed(ManagementSchema.DeployResponse)
        /// The diff was no longer the one reviewed (the server answered `CONFLICT`): nothing was deployed.
        case diffChanged
    }

    let client: CloudKitClient
    /// Two schema files compared instead of the server's environments; nothing is deployed from them.
    var files: SchemaFilePair?

    /// The diff of development against production, both schemas' text and development's lint warnings.
    func review() async throws -> DeployReview {
        if let files {
            let (productionText, developmentText) = (try SchemaFileText.read(files.production), try SchemaFileText.read(files.development))
            let production = try SchemaFileText.parse(productionText, path: files.production)
            let development = try SchemaFileText.parse(developmentText, path: files.development)
            let diff = SchemaDiff(production: production, development: development)
            return DeployReview(
                diff: ManagementSchema.DiffResponse(digest: diff.digest, changes: diff.changes.map(ManagementSchema.Change.init)),
                production: productionText, development: developmentText, warnings: SchemaLinter.warnings(for: development))
        }
        async let diff = client.schemaDiff()
        async let production = client.schema(of: .production)
        async let development = client.schema(of: .development)
        let developmentSchema = try await development
        return DeployReview(
            diff: try await diff, production: try await production.ckdb, development: developmentSchema.ckdb,
            warnings: SchemaLinter.warnings(for: try developmentSchema.parsedSchema()))
    }

    /// The deploys of the container, newest first.
    func deployments() async throws -> [ManagementSchema.Deployment] {
        guard files == nil else { return [] }
        return try await client.deployments().reversed()
    }

    /// Deploys development to production if the diff still has `digest`.
    func deploy(digest: String) async throws -> Outcome {
        do {
            return .deployed(try await client.deploySchema(digest: digest))
        } catch let error as CloudKitClientError where error.serverErrorCode == .conflict {
            return .diffChanged
        }
    }

    /// What a reset of development would delete, deleting nothing.
    func resetPreview() async throws -> ManagementSchema.ResetResponse {
        try await client.resetDevelopment(dryRun: true)
    }

    /// Deletes development's records, zones and subscriptions and sets its schema back to production's.
    func reset() async throws -> ManagementSchema.ResetResponse {
        try await client.resetDevelopment()
    }
}
