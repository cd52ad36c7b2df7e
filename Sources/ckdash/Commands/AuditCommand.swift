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

    @OptionGroup var window: TimeWindowOptions

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

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            let filter = ManagementAudit.Filter(
                container: thisContainer ? try settings.requireContainer() : nil, action: action, tokenName: tokenName,
                since: window.sinceMilliseconds, until: window.untilMilliseconds)
            let entries = try await client.auditLogPages(filter, limit: min(max(limit, 1), 200)).items(\.entries, limit: all ? nil : limit)
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
