import Logging

/// The lines of swift-log's `StreamLogHandler` on standard error, with the logger's metadata made text only when
/// a line is written. `StreamLogHandler` formats its metadata each time it changes, and the HTTP server gives
/// every request's logger the request's ID: some 1.5% of a small request's CPU, for lines a server logging at
/// `info` never writes.
public struct ServerLogHandler: LogHandler {
    private var lines: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// A handler of `label`'s lines at `level` and above.
    public init(label: String, level: Logger.Level) {
        self.init(lines: .standardError(label: label), level: level)
    }

    /// A handler writing `lines`' lines at `level` and above.
    init(lines: StreamLogHandler, level: Logger.Level) {
        self.lines = lines
        self.lines.logLevel = level
    }

    public var logLevel: Logger.Level {
        get { lines.logLevel }
        set { lines.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { lines.metadataProvider }
        set { lines.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the line with the logger's metadata, overridden by the provider's and then by the line's own, as
    /// `StreamLogHandler` orders them.
    public func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            event.metadata = metadata
                .merging(metadataProvider?.get() ?? [:]) { _, provided in provided }
                .merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        lines.log(event: event)
    }
}
