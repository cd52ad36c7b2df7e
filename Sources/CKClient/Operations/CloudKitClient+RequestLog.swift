import CKModel

extension CloudKitClient {
    /// One page of the request log, newest first, of the entries `filter` keeps.
    public func requestLog(
        _ filter: ManagementLogs.Filter = ManagementLogs.Filter(), limit: Int? = nil, continuationMarker: String? = nil
    ) async throws -> ManagementLogs.Response {
        var query = filter.queryItems.map { ($0.name, $0.value) }
        if let limit { query.append(("limit", String(limit))) }
        if let continuationMarker { query.append(("continuationMarker", continuationMarker)) }
        return try await send(.get, path: "/management/1/logs", query: query, authentication: .management)
    }

    /// Every page of the request log's entries that `filter` keeps, newest first, as an `AsyncSequence`.
    public func requestLogPages(_ filter: ManagementLogs.Filter = ManagementLogs.Filter(), limit: Int? = nil) -> PageSequence<ManagementLogs.Response> {
        PageSequence(
            start: nil,
            fetch: { marker in try await self.requestLog(filter, limit: limit, continuationMarker: marker) },
            cursorAfter: \.continuationMarker)
    }

    /// The entries `filter` keeps among those logged after the sequence number `after`, oldest first, waiting up
    /// to `wait` seconds (at most `ManagementLogs.maximumWait`) for the first; the answer's `lastSequence` is where
    /// the next call goes on from.
    public func followRequestLog(
        _ filter: ManagementLogs.Filter = ManagementLogs.Filter(), after: Int64, limit: Int? = nil, wait: Int = ManagementLogs.maximumWait
    ) async throws -> ManagementLogs.Response {
        var query = filter.queryItems.map { ($0.name, $0.value) }
        query += [("after", String(after)), ("wait", String(min(max(wait, 0), ManagementLogs.maximumWait)))]
        if let limit { query.append(("limit", String(limit))) }
        return try await send(.get, path: "/management/1/logs", query: query, authentication: .management)
    }
}

extension CloudKitClient {
    /// The series of `metric` over `range`, ending now, of the requests `filter` keeps (its `user`, `caller`, `since`
    /// and `until` must be left out), one for all of them or one per value of `group`.
    public func telemetry(
        _ metric: TelemetryMetric, range: TelemetryRange = .hour, groupBy group: TelemetryGroup? = nil,
        filter: ManagementLogs.Filter = ManagementLogs.Filter()
    ) async throws -> ManagementTelemetry.Response {
        var query = [("metric", metric.rawValue), ("range", range.rawValue)]
        if let group { query.append(("groupBy", group.rawValue)) }
        query += filter.queryItems.map { ($0.name, $0.value) }
        return try await send(.get, path: "/management/1/telemetry", query: query, authentication: .management)
    }
}
