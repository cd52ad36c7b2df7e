import CKModel
import Foundation
import Hummingbird

/// `GET /management/1/telemetry`: a series of one metric over a range ending now, filtered like the request log
/// and grouped by operation, database, platform, error code or environment. A token for one container sees that
/// container's requests only.
struct ManagementTelemetryRoutes {
    let services: ServerServices

    /// The log's filters telemetry does not keep apart.
    static let unsupported = ["user", "caller", "since", "until"]

    func register(on router: Router<ServerRequestContext>) {
        router.managementRead("management/1/telemetry", services: services) { request, _, caller in
            let query = request.uri.queryParameters
            if let name = Self.unsupported.first(where: { query.get($0) != nil }) {
                throw ServerError(.badRequest, reason: "telemetry is not kept by \(name): read the request log for that")
            }
            let filter = try ManagementLogsRoutes.filter(query, caller: caller)
            let metric = try Self.value(TelemetryMetric.self, query.get("metric"), named: "metric")
            let range = try query.get("range").map { try Self.value(TelemetryRange.self, $0, named: "range") } ?? .hour
            let group = try query.get("groupBy").map { try Self.value(TelemetryGroup.self, $0, named: "groupBy") }
            if let group, metric.isUsage != (group == .recordType) {
                throw ServerError(
                    .badRequest, reason: metric.isUsage ? "\(metric.rawValue) is grouped by recordType only" : "only usage metrics are grouped by recordType")
            }
            await services.requestLog?.flush()
            let telemetry = TelemetryService(storage: services.storage, recorder: services.requestLog?.telemetry)
            return try JSONResponse.make(try await telemetry.series(metric, range: range, group: group, filter: filter))
        }
    }

    /// The value of `type` that `text` names, or `BAD_REQUEST` listing the values.
    private static func value<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, _ text: String?, named name: String) throws -> Value
    where Value.RawValue == String {
        guard let text, let value = Value(rawValue: text) else {
            throw ServerError(.badRequest, reason: "\(name) must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
