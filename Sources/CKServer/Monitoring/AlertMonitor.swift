import CKModel
import Foundation
import Logging
import ServiceLifecycle

/// Evaluates every container's alert rules once a minute (one server of those sharing the storage takes each
/// minute), records each firing and recovery with a developer notification, and posts it to the rule's webhook.
struct AlertMonitor: Service {
    let storage: any ServerStorage
    let recorder: TelemetryRecorder?
    let webhook: AlertWebhook

    static let interval = Duration.seconds(60)

    init(storage: any ServerStorage, recorder: TelemetryRecorder?, logger: Logger = Logger(label: "ckserver")) {
        self.storage = storage
        self.recorder = recorder
        webhook = AlertWebhook(logger: logger)
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
            guard !Task.isShuttingDownGracefully else { break }
            _ = try? await evaluate(now: Date())
        }
    }

    /// Evaluates the rules at `now` unless another server took this minute; returns the events recorded, whose
    /// webhooks are posted in the background.
    @discardableResult
    func evaluate(now: Date) async throws -> [AlertEvent] {
        let milliseconds = Timestamp(now).millisecondsSince1970
        // Without rules there is nothing to claim: a server with none writes nothing each minute.
        let rules = try await storage.alertRules(in: nil)
        guard !rules.isEmpty, try await storage.claimAlertEvaluation(at: TelemetryRecorder.start(of: milliseconds, resolution: 60)) else { return [] }
        let evaluator = AlertEvaluator(telemetry: TelemetryService(storage: storage, recorder: recorder))
        var events: [AlertEvent] = []
        for rule in rules {
            guard let container = rule.containerID else { continue }
            let (value, threshold) = try await evaluator.measure(rule, at: milliseconds)
            let fires = AlertEvaluator.fires(value: value, threshold: threshold)
            guard fires != rule.firing else { continue }
            let event = AlertEvent(
                ruleID: rule.id, ruleName: rule.name, containerID: container, kind: fires ? .fired : .recovered, timestamp: milliseconds,
                value: value ?? 0, threshold: threshold ?? rule.threshold)
            guard try await storage.recordAlertEvent(event) else { continue }
            events.append(event)
            _ = try await storage.appendDeveloperNotification(DeveloperNotification(
                containerID: container, timestamp: milliseconds, kind: "alert.\(event.kind.rawValue)", title: Self.title(of: event, rule: rule)))
            if let url = rule.webhookURL {
                Task { [webhook] in await webhook.deliver(event, of: rule, to: url) }
            }
        }
        return events
    }

    /// One line saying what `event` is.
    static func title(of event: AlertEvent, rule: AlertRule) -> String {
        let unit = rule.metric.unit
        let value = "\(Self.text(event.value)) \(unit) over \(rule.window.rawValue)"
        return event.kind == .fired
            ? "alert \(rule.name) fired: \(rule.metric.rawValue) \(value), above \(Self.text(event.threshold))"
            : "alert \(rule.name) recovered: \(rule.metric.rawValue) \(value)"
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
