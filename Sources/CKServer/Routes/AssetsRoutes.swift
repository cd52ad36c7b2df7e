import CKModel
import Hummingbird

/// `assets/upload` and `assets/rereference`, and the upload and download URLs the server hands out (served by
/// this server itself).
struct AssetsRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<ServerRequestContext>, router: Router<ServerRequestContext>) {
        let assets = AssetService(storage: services.storage, configuration: services.configuration)
        group.postOperation("assets/upload", services: services, assets.requestUploads)
        group.postOperation("assets/rereference", services: services, assets.rereference)
        router.post("assets/upload/:slot") { request, context in
            // The URL is taken once the body's memory is granted: a client told to try again later still has it.
            let slot = context.parameters.get("slot") ?? ""
            return try await services.bodyMemory.read(
                request, upTo: services.configuration.maximumAssetSize, admitting: { try await assets.takeUploadSlot(slot) }
            ) { origin, bytes in
                try JSONResponse.make(try await assets.upload(bytes, for: origin))
            }
        }
        router.get("assets/download/:container/:receipt") { _, context in
            guard let container = context.parameters.get("container").flatMap(ContainerID.init(rawValue:)) else {
                throw ServerError(.notFound, reason: "there is no such asset")
            }
            let data = try await assets.download(receipt: context.parameters.get("receipt") ?? "", container: container)
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
