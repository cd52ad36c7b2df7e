import ArgumentParser
import CKModel

/// What `ckdash alerts create` and `ckdash alerts preview` take to describe a rule.
struct AlertRuleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What to watch: requests, errors, errorRate or latencyP95.", valueName: "metric"))
    var metric: TelemetryMetric

    @Option(help: ArgumentHelp(
        "Fire when the metric goes above this, in its unit (requests, errors, %, ms); with --relative, this percentage above its average over the week before.",
        valueName: "value"))
    var above: Double

    @Flag(help: "--above is a percentage above the metric's trailing average.")
    var relative = false

    @Option(help: ArgumentHelp("The window the metric is taken over: 5m, 1h or 1d.", valueName: "window"))
    var window: AlertWindow = .fiveMinutes

    @OptionGroup var filters: RequestFilterOptions

    @Option(help: ArgumentHelp("POST each firing and recovery as JSON to this http:// or https:// URL.", valueName: "url"))
    var webhook: String?

    func validate() throws {
        guard AlertRule.alertable.contains(metric) else {
            throw ValidationError("--metric must be one of \(AlertRule.alertable.map(\.rawValue).joined(separator: ", "))")
        }
        guard above >= 0 else { throw ValidationError("--above must be 0 or more") }
    }

    /// The rule these options describe, named `name`, with the connection's environment and database when the
    /// command line named them.
    func rule(named name: String, settings: ConnectionSettings, connection: ConnectionOptions) -> AlertRule {
        let filter = filters.filter(settings, connection: connection)
        return AlertRule(
            name: name, containerID: settings.container, metric: metric, operation: filter.operation, errorCode: filter.errorCode,
            environment: filter.environment, database: filter.database, platform: filter.platform, threshold: above, relative: relative,
            window: window, webhookURL: webhook)
    }
}

extension AlertWindow: ExpressibleByArgument {}
