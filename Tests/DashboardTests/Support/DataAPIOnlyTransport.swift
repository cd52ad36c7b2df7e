import CKClient
import Foundation
import Logging
import Synchronization
import Testing

/// A transport that sends through a real one and fails the test on any request to the management API: what the
/// data API's credentials alone must never need. A client without a management token refuses such a call before
/// sending it, and a caller may catch that refusal silently; so the clients it makes (`client(_:)`) log to it,
/// and `refusedManagementCalls` lists the calls they refused, for the test to find empty.
final class DataAPIOnlyTransport: HTTPTransport {
    private let transport = AsyncHTTPClientTransport()
    private let refused = Mutex<[String]>([])

    /// The management calls the clients of this transport refused, by path.
    var refusedManagementCalls: [String] { refused.withLock { $0 } }

    /// A client over this transport that reports its refused management calls here.
    func client(_ configuration: ClientConfiguration) -> CloudKitClient {
        CloudKitClient(configuration: configuration, transport: self, logger: Logger(label: "ckclient") { _ in RefusalRecorder(transport: self) })
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        #expect(!request.url.contains("/management/"), "a data-API-only session sent \(request.url)")
        return try await transport.send(request)
    }

    func shutdown() async throws {
        try await transport.shutdown()
    }

    /// Keeps the operation of each refused management call the client logs.
    private struct RefusalRecorder: LogHandler {
        let transport: DataAPIOnlyTransport
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.message.description.hasPrefix("refused a management API call"), let operation = event.metadata?["ck.operation"] else { return }
            transport.refused.withLock { $0.append(operation.description) }
        }
    }
}
