import CKModel
import Hummingbird

/// `/management/1/containers`: list the containers a management token reaches, with their record counts, and
/// create one.
struct ManagementContainersRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.managementRead("management/1/containers", services: services) { _, _, caller in
            var containers: [ManagementContainers.Container] = []
            for container in try await services.storage.containers() where caller.reaches(container.id) {
                containers.append(Self.wire(container, recordCounts: try await services.storage.recordCounts(in: container.id)))
            }
            return try JSONResponse.make(ManagementContainers.ListResponse(containers: containers))
        }
        router.managementChange("management/1/containers", services: services, decoding: ManagementContainers.CreateRequest.self) { body, _, caller in
            guard caller.container == nil else {
                throw ServerError(.accessDenied, reason: "a management token for one container cannot create containers")
            }
            let container = try await ContainerService(storage: services.storage).create(body.containerID)
            let audit = caller.audit("container.create", container: container.id, target: container.id.rawValue, changes: ["created"])
            return (Self.wire(container, recordCounts: []), audit)
        }
    }

    private static func wire(_ container: ContainerInfo, recordCounts: [ManagementContainers.RecordCount]) -> ManagementContainers.Container {
        ManagementContainers.Container(
            containerID: container.id, createdTimestamp: Timestamp(container.createdAt).millisecondsSince1970, recordCounts: recordCounts)
    }
}
