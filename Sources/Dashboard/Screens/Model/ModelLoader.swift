import CKClient
import CKCoreData
import CKModel
import Foundation

/// Reads a Core Data model from disk and checks it against an environment of the session's container.
struct ModelLoader: Sendable {
    let client: CloudKitClient

    /// The check of the model at `path` (the store syncing with `database`) against `environment`'s schema; a model
    /// that cannot be read fails with its file, line and what was expected.
    func check(_ path: String, against environment: ContainerEnvironment, database: DatabaseScope) async throws -> ModelReport {
        let model = try ModelFile.read(LocalFile.url(for: path))
        let mirrored = MirroredSchema(model: model, database: database)
        let schema = try await client.parsedSchema(of: environment)
        let development = environment == .production ? try await client.parsedSchema(of: .development) : nil
        let check = ModelCheck(mirrored: mirrored, schema: schema, environmentName: environment.rawValue, isProduction: environment == .production)
        return ModelReport(path: path, environment: environment, problems: try check.problems(), mirrored: try mirrored.schema(), development: development)
    }

    /// Applies `edits` to the development schema.
    func addToDevelopment(_ edits: [ManagementSchema.Edit]) async throws -> ManagementSchema.UpdateResponse {
        try await client.editSchema(edits)
    }
}
