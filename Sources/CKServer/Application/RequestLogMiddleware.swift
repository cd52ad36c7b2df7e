import CKModel
import Foundation
import Hummingbird
import Logging

/// Logs one line per request at info level (method, path, status and time taken), and gives each data API request
/// its entry in the request log (`RequestLogWriter`) when the server keeps one.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// Where entries go; `nil` keeps no request log.
    let writer: RequestLogWriter?

    /// The paths of the data API, whose requests the request log keeps.
    static let databasePrefix = "/database/1/"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let note = writer != nil && request.uri.path.hasPrefix(Self.databasePrefix) ? RequestLogNote() : nil
        let response = try await RequestLogNote.$current.withValue(note) { try await next(request, context) }
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", elapsed.timeInterval * 1000))ms")
        if let writer, let note, let entry = Self.entry(of: note, request: request, response: response, elapsed: elapsed) {
            writer.record(entry)
        }
        return response
    }

    /// The entry of the request `note` followed; `nil` when the request named no container of this server.
    private static func entry(of note: RequestLogNote, request: Request, response: Response, elapsed: Duration) -> RequestLogEntry? {
        let known = note.known
        guard let container = known.container else { return nil }
        let agent = ClientAgent(userAgent: request.headers[.userAgent])
        var entry = RequestLogEntry(
            timestamp: Timestamp(note.arrival).millisecondsSince1970, requestID: note.requestID, containerID: container,
            environment: known.environment, database: known.database, operation: operation(of: request.uri.path),
            zones: known.zones.sorted(), operationCounts: known.operationCounts, recordTypes: known.recordTypes.sorted(),
            recordsRead: known.recordsRead, recordsWritten: known.recordsWritten, caller: known.caller, userID: known.userID,
            platform: agent.platform, client: agent.client, status: Int(response.status.code),
            serverErrorCode: known.error?.serverErrorCode.rawValue, reason: known.error?.reason, itemErrors: known.itemErrors,
            latencyMicroseconds: Int64(elapsed.timeInterval * 1_000_000), bytesIn: known.bytesIn, bytesOut: response.body.contentLength ?? 0)
        entry.recordNames = known.recordNames.isEmpty ? nil : known.recordNames
        return entry
    }

    /// The operation a data API path names: what follows `/database/1/{container}/{environment}/{database}/`.
    static func operation(of path: String) -> String {
        path.dropFirst(databasePrefix.count).split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(3).first
            .map(String.init) ?? ""
    }
}
