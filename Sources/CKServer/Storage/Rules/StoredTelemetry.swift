import CKModel

/// How every engine keeps a telemetry row: its key as text columns (an absent environment, database, platform or
/// error as empty text), its counts as numbers, its latency histogram and user sketch as text.
enum StoredTelemetry {
    /// The number columns, in the order `numbers` gives them.
    static let numberColumns = [
        "resolution", "started_at", "requests", "errors", "bytes_in", "bytes_out", "records_read", "records_written", "notifications",
    ]
    /// The text columns, in the order `texts` gives them.
    static let textColumns = ["container_id", "environment", "database_scope", "operation", "platform", "error_code", "latency", "users"]
    /// Every column: the numbers, then the texts.
    static let columnList = (numberColumns + textColumns).joined(separator: ", ")

    /// The row's numbers, in the order of `numberColumns`.
    static func numbers(_ row: TelemetryRow) -> [Int64] {
        let counts = row.counts
        return [
            Int64(row.resolution), row.start, Int64(counts.requests), Int64(counts.errors), Int64(counts.bytesIn), Int64(counts.bytesOut),
            Int64(counts.recordsRead), Int64(counts.recordsWritten), Int64(counts.notifications),
        ]
    }

    /// The row's texts, in the order of `textColumns`.
    static func texts(_ row: TelemetryRow) -> [String] {
        let key = row.key
        return [
            key.container.rawValue, key.environment?.rawValue ?? "", key.database?.rawValue ?? "", key.operation, key.platform, key.errorCode,
            row.counts.latency.text, row.counts.users.text,
        ]
    }

    /// The row read back from its numbers and texts, in the orders of the column lists; `nil` for a container
    /// identifier that is not one.
    static func row(numbers: [Int64], texts: [String]) -> TelemetryRow? {
        guard numbers.count == numberColumns.count, texts.count == textColumns.count, let container = ContainerID(rawValue: texts[0]) else {
            return nil
        }
        let key = TelemetryKey(
            container: container, environment: ContainerEnvironment(rawValue: texts[1]), database: DatabaseScope(rawValue: texts[2]),
            operation: texts[3], platform: texts[4], errorCode: texts[5])
        var counts = TelemetryCounts()
        counts.requests = Int(numbers[2])
        counts.errors = Int(numbers[3])
        counts.bytesIn = Int(numbers[4])
        counts.bytesOut = Int(numbers[5])
        counts.recordsRead = Int(numbers[6])
        counts.recordsWritten = Int(numbers[7])
        counts.notifications = Int(numbers[8])
        counts.latency = LatencyHistogram(text: texts[6])
        counts.users = UserSketch(text: texts[7])
        return TelemetryRow(resolution: Int(numbers[0]), start: numbers[1], key: key, counts: counts)
    }
}
