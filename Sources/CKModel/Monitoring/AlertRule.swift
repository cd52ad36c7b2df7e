/// A rule that watches a container's telemetry: a metric of the requests a filter keeps, over a window, against
/// a threshold that is fixed or a percentage above the metric's trailing average. The server evaluates it every
/// minute and records each firing and recovery.
public struct AlertRule: Hashable, Sendable, Codable {
    /// The rule's ID, given by the server.
    public var id: String
    /// What the developer calls it.
    public var name: String
    /// The container it watches; the server sets it from the path a rule is created at.
    public var containerID: ContainerID?
    /// What it measures: `requests`, `errors`, `errorRate` or `latencyP95` (the `alertable` metrics).
    public var metric: TelemetryMetric
    /// Which requests it counts: `operation`, `errorCode` (a specific error), `environment`, `database`, `platform`.
    public var operation: String?
    public var errorCode: String?
    public var environment: ContainerEnvironment?
    public var database: DatabaseScope?
    public var platform: String?
    /// The value past which it fires: the metric's own unit, or with `relative` a percentage above the trailing
    /// average (the metric over the seven days before the window, per window).
    public var threshold: Double
    /// Whether `threshold` is relative to the trailing average.
    public var relative: Bool
    /// The window the metric is taken over.
    public var window: AlertWindow
    /// Where each firing and recovery is posted as JSON, if anywhere.
    public var webhookURL: String?
    /// Whether it is firing now; set by the server.
    public var firing: Bool
    /// When it last fired or recovered, in milliseconds since 1970; set by the server.
    public var changedAt: Int64?

    /// The metrics a rule may watch.
    public static let alertable: [TelemetryMetric] = [.requests, .errors, .errorRate, .latencyP95]

    /// Creates a rule, not firing.
    public init(
        id: String = "", name: String, containerID: ContainerID?, metric: TelemetryMetric, operation: String? = nil, errorCode: String? = nil,
        environment: ContainerEnvironment? = nil, database: DatabaseScope? = nil, platform: String? = nil, threshold: Double,
        relative: Bool = false, window: AlertWindow, webhookURL: String? = nil, firing: Bool = false, changedAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.containerID = containerID
        self.metric = metric
        self.operation = operation
        self.errorCode = errorCode
        self.environment = environment
        self.database = database
        self.platform = platform
        self.threshold = threshold
        self.relative = relative
        self.window = window
        self.webhookURL = webhookURL
        self.firing = firing
        self.changedAt = changedAt
    }

    /// The requests the rule counts, as the request log and telemetry filter them.
    public var filter: ManagementLogs.Filter {
        ManagementLogs.Filter(
            container: containerID, environment: environment, database: database, operation: operation, errorCode: errorCode, platform: platform)
    }
}
