import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Dashboard
import Foundation
import TerminalKit

/// `ckdash alerts`: a container's alert rules; list, create, preview, delete, and the firings they recorded.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "List, create, preview and delete alert rules, and read when they fired.",
        discussion: """
            A rule watches a metric of the container's requests (requests, errors, errorRate, latencyP95) over a window \
            (5m, 1h, 1d) and fires when it goes above a threshold, fixed or a percentage above its average over the week \
            before. The server evaluates every rule each minute, records each firing and recovery as a developer \
            notification, and posts it to the rule's webhook.
            """,
        subcommands: [List.self, Create.self, Preview.self, Delete.self, Events.self], defaultSubcommand: List.self)

    /// `ckdash alerts list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the container's alert rules and whether each is firing.")

        @Flag(help: "Print the rules as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                _ = try settings.requireContainer()
                let rules = try await client.alertRules()
                if json { return print(try JSONOutput.string(rules)) }
                var table = TextTable(headers: ["ID", "NAME", "STATE", "RULE", "SINCE", "WEBHOOK"])
                for rule in rules {
                    table.rows.append([
                        rule.id, rule.name, rule.firing ? "FIRING" : "ok", rule.summary,
                        rule.changedAt.map { DisplayTime.text(milliseconds: $0) } ?? "-", rule.webhookURL ?? "-",
                    ])
                }
                print(table.text, terminator: "")
            }
        }
    }

    /// `ckdash alerts create NAME`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an alert rule.")

        @Argument(help: "The rule's name.")
        var name: String

        @OptionGroup var rule: AlertRuleOptions

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                _ = try settings.requireContainer()
                let created = try await client.createAlertRule(rule.rule(named: name, settings: settings, connection: connection))
                print("Created alert \(created.name) (\(created.id)): \(created.summary).")
            }
        }
    }

    /// `ckdash alerts preview`.
    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show when a rule would have fired over the last seven days (48 hours for a 5m window), without creating it.")

        @OptionGroup var rule: AlertRuleOptions

        @Option(help: "The chart's width in columns.")
        var width = 80

        @Flag(help: "Print the preview as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                _ = try settings.requireContainer()
                let preview = try await client.previewAlertRule(rule.rule(named: "preview", settings: settings, connection: connection))
                if json { return print(try JSONOutput.string(preview)) }
                print("\(rule.metric.rawValue) over \(rule.window.rawValue), evaluated every \(preview.step / 60) minutes")
                print(preview.chart.text(width: max(width, 20)))
                guard !preview.firings.isEmpty else { return print("It would not have fired.") }
                for firing in preview.firings {
                    let end = firing.end.map { DisplayTime.text(milliseconds: $0) } ?? "still firing"
                    print("Would have fired \(DisplayTime.text(milliseconds: firing.start)) – \(end)")
                }
            }
        }
    }

    /// `ckdash alerts delete ID --yes`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an alert rule.")

        @Argument(help: "The rule's ID (ckdash alerts lists them).")
        var id: String

        @Flag(help: "Confirm that the rule goes; its recorded firings stay.")
        var yes = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            guard yes else { throw ValidationError("deleting an alert rule stops its alerts: pass --yes to confirm") }
            try await ServerSession.run(connection) { client, settings in
                _ = try settings.requireContainer()
                try await client.deleteAlertRule(id: id)
                print("Deleted alert \(id).")
            }
        }
    }

    /// `ckdash alerts events`.
    struct Events: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List when the container's rules fired and recovered, newest first.")

        @Option(help: ArgumentHelp("Only the events of this rule.", valueName: "id"))
        var rule: String?

        @Option(help: "At most this many events.")
        var limit = 50

        @Flag(help: "Print the events as JSON lines.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection) { client, settings in
                _ = try settings.requireContainer()
                let events = try await client.alertEvents(ruleID: rule, limit: min(max(limit, 1), 500))
                if json { return events.forEach { print((try? JSONOutput.line($0)) ?? "") } }
                var table = TextTable(headers: ["TIME", "RULE", "EVENT", "VALUE", "THRESHOLD"])
                for event in events {
                    table.rows.append([
                        DisplayTime.text(milliseconds: event.timestamp), event.ruleName, event.kind.rawValue, Chart.label(event.value),
                        Chart.label(event.threshold),
                    ])
                }
                print(table.text, terminator: "")
            }
        }
    }
}
