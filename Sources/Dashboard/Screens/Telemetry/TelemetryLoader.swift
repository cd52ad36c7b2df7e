import CKClient
import CKModel

/// Fetches the telemetry screen's series: one chart per environment, development first, both at once.
struct TelemetryLoader: Sendable {
    let client: CloudKitClient

    /// The environments charted, in the order drawn.
    static let environments: [ContainerEnvironment] = [.development, .production]

    /// The series `criteria` asks for in `container`, one response per environment of `environments`.
    func charts(_ criteria: TelemetryCriteria, container: ContainerID?) async throws -> [ManagementTelemetry.Response] {
        try await withThrowingTaskGroup(of: (Int, ManagementTelemetry.Response).self) { group in
            for (index, environment) in Self.environments.enumerated() {
                let filter = criteria.filter(container: container, environment: environment)
                group.addTask {
                    (index, try await client.telemetry(criteria.metric, range: criteria.range, groupBy: criteria.group, filter: filter))
                }
            }
            var responses = [ManagementTelemetry.Response?](repeating: nil, count: Self.environments.count)
            for try await (index, response) in group { responses[index] = response }
            return responses.compactMap { $0 }
        }
    }
}
