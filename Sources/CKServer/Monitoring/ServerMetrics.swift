import CKModel
import CoreMetrics
import Prometheus

/// The server's metrics for machines, in Prometheus's text form at `/metrics`: swift-metrics instruments made
/// by a swift-prometheus factory over a registry of this server's own, named as OpenTelemetry's HTTP server
/// conventions name them in Prometheus (`http_server_request_duration_seconds`), with CloudKit's dimensions
/// (container, environment, database, operation, error code). Requests are counted from the request log's
/// batches, off the request path.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    /// Buckets of the request duration histogram, in seconds.
    static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
    ]

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        self.factory = factory
    }

    /// Counts the requests of `entries`.
    func count(_ entries: [RequestLogEntry]) {
        for entry in entries {
            let route = [
                ("cloudkit_container", entry.containerID.rawValue), ("cloudkit_environment", entry.environment?.rawValue ?? ""),
                ("cloudkit_database", entry.database?.rawValue ?? ""), ("http_route", entry.operation),
            ]
            let outcome = route + [("http_response_status_code", String(entry.status)), ("cloudkit_error_code", entry.serverErrorCode ?? "")]
            Timer(label: "http_server_request_duration_seconds", dimensions: outcome, factory: factory)
                .recordNanoseconds(entry.latencyMicroseconds * 1_000)
            for (code, count) in entry.itemErrors {
                Counter(label: "cloudkit_item_errors_total", dimensions: route + [("cloudkit_error_code", code)], factory: factory)
                    .increment(by: count)
            }
            for (name, value) in [
                ("cloudkit_records_read_total", entry.recordsRead), ("cloudkit_records_written_total", entry.recordsWritten),
                ("http_server_request_body_size_bytes_total", entry.bytesIn), ("http_server_response_body_size_bytes_total", entry.bytesOut),
            ] where value > 0 {
                Counter(label: name, dimensions: route, factory: factory).increment(by: value)
            }
        }
    }

    /// The metrics in Prometheus's text exposition format.
    var text: [UInt8] {
        registry.emitToBuffer()
    }
}
