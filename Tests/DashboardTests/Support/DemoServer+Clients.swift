import CKClient
import CKServer

extension DemoServer {
    /// The demo container's management client, in development.
    var containerClient: CloudKitClient {
        client.addressing(EmbeddedServer.demoContainer, environment: .development)
    }

    /// A client of the demo container sending `credentials` instead of the demo's management token; shut it down
    /// after use.
    func client(sending credentials: Credentials) -> CloudKitClient {
        CloudKitClient(configuration: ClientConfiguration(
            serverURL: server.url, container: EmbeddedServer.demoContainer, credentials: credentials, retryPolicy: .never))
    }
}
