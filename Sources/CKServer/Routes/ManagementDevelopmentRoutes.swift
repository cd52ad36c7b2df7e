import CKModel
import CKSchema
import Hummingbird

/// `/management/1/containers/{container}/schema/…` calls that change development and only development:
/// fine-grained edits, and the reset that deletes its data and sets its schema back to production's.
struct ManagementDevelopmentRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let prefix = "management/1/containers/:container/schema"
        let schemas = SchemaService(storage: services.storage)
        router.managementChange(
            prefix + "/edit", services: services, decoding: ManagementSchema.EditRequest.self, changes: { $0.validateOnly != true }
        ) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let edits = try body.operations.map(SchemaEdit.init)
            let result = try await schemas.editDevelopment(edits, of: container.id, validateOnly: body.validateOnly ?? false)
            let answer = ManagementSchema.UpdateResponse(applied: result.applied, changes: result.diff.changes.map(ManagementSchema.Change.init))
            let audit = result.applied ? caller.audit("schema.edit", container: container.id, target: "development", changes: edits.map(\.summary)) : nil
            return (answer, audit)
        }
        router.managementChange(
            prefix + "/reset", services: services, decoding: ManagementSchema.ResetRequest.self, changes: { $0.dryRun != true }
        ) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let result = try await schemas.resetDevelopment(of: container.id, dryRun: body.dryRun ?? false)
            if result.applied {
                // The deleted records' files go with them: download URLs need no credentials. The reset is
                // committed: collecting is best effort and cannot fail the request.
                try? await AssetService(storage: services.storage, configuration: services.configuration).collectGarbage()
            }
            let records = result.deletedRecords.sorted { $0.key < $1.key }.map { ManagementSchema.RecordCount(recordType: $0.key, records: $0.value) }
            let answer = ManagementSchema.ResetResponse(
                applied: result.applied, records: records, changes: result.diff.changes.map(ManagementSchema.Change.init))
            let summary = ["deleted \(records.reduce(0) { $0 + $1.records }) records"] + result.diff.changes.map(\.summary)
            let audit = result.applied ? caller.audit("schema.reset", container: container.id, target: "development", changes: summary) : nil
            return (answer, audit)
        }
        router.managementRead(prefix + "/:environment/statistics", services: services) { _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let environment = try context.environmentParameter()
            let schema = try await services.storage.schemas(of: container.id).schema(of: environment)
            let stored = try await services.storage.recordTypeStatistics(in: container.id, environment: environment)
            return try JSONResponse.make(ManagementStatistics.Response(environment: environment, schema: schema, stored: stored))
        }
    }
}
