import ArgumentParser
import CKModel

/// `ckdash logs --caller` takes a kind of caller by its name; `ckdash telemetry` a metric, a range and a group.
extension CallerKind: ExpressibleByArgument {}
extension TelemetryMetric: ExpressibleByArgument {}
extension TelemetryRange: ExpressibleByArgument {}
extension TelemetryGroup: ExpressibleByArgument {}
