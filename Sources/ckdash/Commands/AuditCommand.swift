import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// `ckdash audit`: the management changes, newest first, filtered by container, action, token and time.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "List the audit log of management changes, newest first.",
        discussion: "Every change made through the management API is logged with the token's name, the time, the target and the change.")

    @Option(help: ArgumentHelp(
        "Only entries of this action (schema.deploy, apiToken.revoke) or kind of change (schema, user, apiToken).", valueName: "action"))
    var action: String?

    @Option(name: .customLong("by"), help: ArgumentHelp("Only changes made with the management token of this name.", valueName: "token name"))
    var tokenName: String?

    @Option(help: ArgumentHelp("Only changes made at or after this time: 2026-11-24T10:00:00Z, 2026-11-24 or a time ago (2h, 7d).", valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Only changes made before this time, written as for --since.", valueName: "time"))
    var until: String?

    @Flag(help: "Only entries of the container given with --container (or CKDASH_CONTAINER).")
    var thisContainer = false

    @Option(help: "At most this many entries.")
    var limit = 50

    @Flag(help: "Every entry, page after page.")
    var all = false

    @Flag(help: "Print the entries as JSON lines.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        for (option, text) in [("--since", since), ("--until", until)] {
            if let text, AuditTime.date(from: text) == nil {
                throw ValidationError("\(option) \(text) is not a time: give \(AuditTime.readableForms)")
            }
        }
    }

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            let filter = ManagementAudit.Filter(
                container: thisContainer ? try settings.requireContainer() : nil, action: action, tokenName: tokenName,
                since: since.flatMap { AuditTime.milliseconds(from: $0) }, until: until.flatMap { AuditTime.milliseconds(from: $0) })
            var entries: [ManagementAudit.Entry] = []
            for try await page in client.auditLogPages(filter, limit: min(max(limit, 1), 200)) {
                entries += page.entries
                if !all, entries.count >= limit { break }
            }
            if !all {
                entries = Array(entries.prefix(limit))
            }
            if json {
                for entry in entries {
                    print(try JSONOutput.line(entry))
                }
                return
            }
            var table = TextTable(headers: ["TIME", "TOKEN", "ACTION", "CONTAINER", "TARGET", "CHANGES"])
            for entry in entries {
                table.rows.append([
                    DisplayTime.text(milliseconds: entry.timestamp), entry.tokenName, entry.action, entry.containerID?.rawValue ?? "-", entry.target,
                    entry.changes.joined(separator: "; "),
                ])
            }
            print(table.text, terminator: "")
        }
    }
}
