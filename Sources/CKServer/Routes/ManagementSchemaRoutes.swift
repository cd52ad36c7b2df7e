import CKModel
import CKSchema
import Hummingbird

/// `/management/1/containers/{container}/schema/…`: an environment's schema as JSON or `.ckdb` text, import
/// into development, the diff a deploy would apply, deploy, the deploy history, and the permission check.
struct ManagementSchemaRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let prefix = "management/1/containers/:container/schema"
        let schemas = SchemaService(storage: services.storage)
        router.managementRead(prefix + "/diff", services: services) { _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let diff = try await schemas.pendingDiff(of: container.id)
            return try JSONResponse.make(ManagementSchema.DiffResponse(digest: diff.digest, changes: diff.changes.map(ManagementSchema.Change.init)))
        }
        router.managementRead(prefix + "/deployments", services: services) { _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let deployments = try await services.storage.deployments(of: container.id).map { deployment in
                ManagementSchema.Deployment(
                    actor: deployment.actor, timestamp: Timestamp(deployment.deployedAt).millisecondsSince1970, digest: deployment.digest,
                    changes: deployment.changes)
            }
            return try JSONResponse.make(ManagementSchema.DeploymentsResponse(deployments: deployments))
        }
        let permissions = PermissionCheck(storage: services.storage, users: UserService(storage: services.storage, configuration: services.configuration))
        router.managementRead(prefix + "/:environment/permissions", services: services) { request, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let environment = try context.environmentParameter()
            guard let recordType = request.uri.queryParameters.get("recordType") else {
                throw ServerError(.badRequest, reason: "the permission check needs ?recordType=TYPE (and subject=anyone, signedIn or a userRecordName)")
            }
            let subject = ManagementPermissions.Subject(parameter: request.uri.queryParameters.get("subject") ?? "anyone")
            return try JSONResponse.make(try await permissions.check(subject, on: recordType, in: environment, of: container.id))
        }
        router.managementRead(prefix + "/:environment", services: services) { request, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let environment = try context.environmentParameter()
            let schema = ManagementSchema.Response(
                environment: environment, schema: try await services.storage.schemas(of: container.id).schema(of: environment))
            guard request.uri.queryParameters.get("format") == "ckdb" else {
                return try JSONResponse.make(schema)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: schema.ckdb)))
        }
        router.managementChange(
            prefix + "/import", services: services, decoding: ManagementSchema.ImportRequest.self,
            changes: { $0.validateOnly != true }
        ) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let result = try await schemas.importDevelopment(body.ckdb, into: container.id, validateOnly: body.validateOnly ?? false)
            let answer = ManagementSchema.UpdateResponse(applied: result.applied, changes: result.diff.changes.map(ManagementSchema.Change.init))
            let audit = result.applied
                ? caller.audit("schema.import", container: container.id, target: "development", changes: result.diff.changes.map(\.summary))
                : nil
            return (answer, audit)
        }
        router.managementChange(prefix + "/deploy", services: services, decoding: ManagementSchema.DeployRequest.self) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let result = try await schemas.deploy(container.id, actor: caller.tokenName, expectedDigest: body.digest)
            let answer = ManagementSchema.DeployResponse(
                digest: result.diff.digest, changes: result.diff.changes.map(ManagementSchema.Change.init),
                production: SchemaPrinter.print(result.production))
            let audit = result.diff.isEmpty
                ? nil : caller.audit("schema.deploy", container: container.id, target: "production", changes: result.diff.changes.map(\.summary))
            return (answer, audit)
        }
    }
}
