import CKModel
import Foundation
import TerminalKit

/// The container's telemetry: a metric over the last hour up to the last 30 days, charted for development and
/// production apart, one series for all requests or one per operation, database, platform or error code. A
/// cursor moved with ←/→ (h/l, Home/End, g/G: the navigation keys) reads each series' value at a point, and `L` opens
/// the request log behind that point with the same filters. `m` chooses the metric, `b` the grouping, `1`–`5` the
/// range, `f` the filters.
///
/// The screen changes nothing, so neither the production lock nor a read-only session takes anything from it.
final class TelemetryScreen: Screen {
    /// What is open over the charts.
    private enum Overlay {
        case metric(Picker<TelemetryMetric>)
        case group(Picker<TelemetryGroup?>)
        case filters(FormDialog)
    }

    let session: Session
    private let loader: TelemetryLoader
    private let display: FieldValueDisplay
    private var criteria: TelemetryCriteria
    private var charts: Remote<[ManagementTelemetry.Response]>
    /// The point under the cursor; the last (now) until moved.
    private var cursor: Int?
    /// The chart `L` and the legend are about: an index of `TelemetryLoader.environments`.
    private var focus: Int
    private var overlay: Overlay?

    init(session: Session, criteria: TelemetryCriteria = TelemetryCriteria(), loader: TelemetryLoader, display: FieldValueDisplay) {
        self.session = session
        self.criteria = criteria
        self.loader = loader
        self.display = display
        focus = TelemetryLoader.environments.firstIndex(of: session.environment) ?? 0
        charts = Self.charts(criteria, loader: loader, container: session.container)
    }

    private static func charts(_ criteria: TelemetryCriteria, loader: TelemetryLoader, container: ContainerID?) -> Remote<[ManagementTelemetry.Response]> {
        Remote { try await loader.charts(criteria, container: container) }
    }

    var title: String {
        "Telemetry: \(criteria.metric.rawValue), last \(criteria.range.rawValue)" + (criteria.summary.isEmpty ? "" : " (\(criteria.summary))")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.chooseMetric, keys: [.character("m")], label: "Metric", help: "Choose the metric charted", group: "Telemetry"),
        KeyBinding(
            .chooseGroup, keys: [.character("b")], label: "Group by",
            help: "Chart one series per operation, database, platform or error code (per record type for usage), or one for all", group: "Telemetry"),
        KeyBinding(.filterCharts, keys: [.character("f")], label: "Filters", help: "Chart only the requests of an operation, error, platform or database", group: "Telemetry"),
        KeyBinding(.logsAtPoint, keys: [.character("L")], label: "Logs", help: "Open the request log behind the point under the cursor, with the same filters", group: "Telemetry"),
        KeyBinding(
            .otherChart, keys: [.tab], label: "Chart", help: "Move to the other environment's chart (the one L is about); so do ↑/↓ and j/k",
            group: "Telemetry", isShownInHints: false),
    ] + zip(KeyAction.telemetryRanges, TelemetryRange.allCases).enumerated().map { index, pair in
        KeyBinding(
            pair.0, keys: [.character(Character(String(index + 1)))], label: "Last \(pair.1.rawValue)", help: "Chart the last \(pair.1.rawValue)",
            group: "Telemetry", isShownInHints: false)
    })

    var bindings: KeyBindingTable { Self.keys }
    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { charts.isLoading }
    var hasFailedToLoad: Bool { charts.hasFailed }
    var changesProduction: Bool { false }
    var currentDestination: Destination? { .telemetry(criteria) }

    var statusItems: [String] {
        guard let response = charts.value?.first, response.pointCount > 0 else { return [] }
        return ["point \(point(in: response) + 1)/\(response.pointCount)"]
    }

    func load(_ host: any ScreenHost) {
        charts.load(in: host.work)
    }

    func cancelLoading(_ host: any ScreenHost) {
        charts.cancel(in: host.work)
    }

    /// The point under the cursor in `response`: the cursor's, or the last.
    private func point(in response: ManagementTelemetry.Response) -> Int {
        min(cursor ?? response.pointCount - 1, response.pointCount - 1)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        if let index = KeyAction.telemetryRanges.firstIndex(of: action) {
            var changed = criteria
            changed.range = TelemetryRange.allCases[index]
            return apply(changed, host: host)
        }
        switch action {
        case .chooseMetric:
            let metrics = TelemetryMetric.allCases
            overlay = .metric(Picker(
                title: "Metric", choices: metrics, items: metrics.map { ListItem($0.rawValue, detail: $0.unit) },
                selected: metrics.firstIndex(of: criteria.metric) ?? 0))
        case .chooseGroup:
            let groups: [TelemetryGroup?] = [nil] + criteria.groups
            overlay = .group(Picker(
                title: "One series per", choices: groups, items: groups.map { ListItem($0?.rawValue ?? "nothing: one series for all") },
                selected: groups.firstIndex(of: criteria.group) ?? 0))
        case .filterCharts:
            overlay = .filters(criteria.filters.dialog(forTelemetry: true))
        case .logsAtPoint:
            openLogs(host: host)
        case .otherChart:
            focus = (focus + 1) % TelemetryLoader.environments.count
        default:
            break
        }
    }

    /// The navigation keys over the charts: left and right move the cursor a point, home and end to the first and
    /// the last, up and down to the other chart; returns whether `key` is one of them.
    private func navigate(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .character("j"), .character("k"):
            focus = (focus + 1) % TelemetryLoader.environments.count
            return true
        case .left, .right, .character("h"), .character("l"), .home, .end, .character("g"), .character("G"):
            guard let response = charts.value?.first else { return true }
            let last = response.pointCount - 1
            let current = point(in: response)
            switch key {
            case .left, .character("h"): cursor = max(0, current - 1)
            case .right, .character("l"): cursor = min(last, current + 1)
            case .home, .character("g"): cursor = 0
            default: cursor = nil
            }
            return true
        default:
            return false
        }
    }

    /// Opens the request log of the focused chart's environment over the point under the cursor.
    private func openLogs(host: any ScreenHost) {
        guard let responses = charts.value, responses.indices.contains(focus) else { return }
        guard !criteria.metric.isUsage else {
            return host.report(StatusMessage("\(criteria.metric.rawValue) is sampled from what is stored, not from requests: no log is behind it", kind: .error))
        }
        let response = responses[focus]
        let interval = response.interval(ofPoint: point(in: response))
        var logs = criteria.filters
        logs.environment = TelemetryLoader.environments[focus]
        logs.window = nil
        logs.period = LogsCriteria.Period(since: interval.lowerBound, until: interval.upperBound, name: periodName(interval))
        host.open(.logs(logs), session: session)
    }

    /// `2026-11-27 14:05–14:06`: an interval as the caption and the log's title name it, in the display's time zone.
    private func periodName(_ interval: Range<Int64>) -> String {
        let from = display.date(Timestamp(millisecondsSince1970: interval.lowerBound).date)
        let to = display.date(Timestamp(millisecondsSince1970: interval.upperBound).date)
        let sameDay = from.prefix(10) == to.prefix(10)
        return "\(from.prefix(16))–\(sameDay ? to.dropFirst(11).prefix(5) : to.prefix(16))"
    }

    /// Charts `criteria` from now on, keeping the cursor unless the range changed.
    private func apply(_ criteria: TelemetryCriteria, host: any ScreenHost) {
        if criteria.range != self.criteria.range { cursor = nil }
        self.criteria = criteria
        charts.cancel(in: host.work)
        charts = Self.charts(criteria, loader: loader, container: session.container)
        charts.load(in: host.work)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .metric(var picker)?:
            switch picker.handle(key) {
            case .consumed: overlay = .metric(picker)
            case .cancelled: overlay = nil
            case .chose(let metric):
                overlay = nil
                var changed = criteria
                changed.metric = metric
                if let group = changed.group, !changed.groups.contains(group) { changed.group = nil }
                apply(changed, host: host)
            }
        case .group(var picker)?:
            switch picker.handle(key) {
            case .consumed: overlay = .group(picker)
            case .cancelled: overlay = nil
            case .chose(let group):
                overlay = nil
                var changed = criteria
                changed.group = group
                apply(changed, host: host)
            }
        case .filters(var dialog)?:
            switch dialog.handle(key) {
            case .consumed: overlay = .filters(dialog)
            case .cancelled: overlay = nil
            case .submitted(let values):
                overlay = nil
                var changed = criteria
                changed.filters = LogsCriteria(values: values, window: nil)
                apply(changed, host: host)
            }
        case nil:
            return navigate(key)
        }
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        if let responses = charts.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Reading the telemetry…") {
            drawCharts(responses, in: rect, on: &canvas, theme: theme)
        }
        switch overlay {
        case .metric(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .metric(picker)
        case .group(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .group(picker)
        case .filters(var dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
            overlay = .filters(dialog)
        case nil:
            break
        }
    }

    /// The caption with the cursor's interval, then a panel per environment, one above the other.
    private func drawCharts(_ responses: [ManagementTelemetry.Response], in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        canvas.fill(rect, style: theme.style(.text))
        guard let first = responses.first else { return }
        let (caption, body) = rect.splitTop(1)
        let point = point(in: first)
        let every = first.resolution == 60 ? "a point a minute"
            : first.resolution >= 3_600 ? "a point every \(first.resolution / 3_600) hours" : "a point every \(first.resolution / 60) minutes"
        canvas.write(
            "\(periodName(first.interval(ofPoint: point))) (\(display.timeZone.identifier)) · \(every) · ←/→ move, L its requests",
            in: caption, style: theme.style(.muted))
        let height = body.height / max(1, responses.count)
        for (index, response) in responses.enumerated() {
            let area = Rect(x: body.x, y: body.y + index * height, width: body.width, height: index == responses.count - 1 ? body.maxY - body.y - index * height : height)
            TelemetryPanel(environment: TelemetryLoader.environments[index], response: response, cursor: point, isFocused: index == focus)
                .draw(in: area, on: &canvas, theme: theme)
        }
    }
}
