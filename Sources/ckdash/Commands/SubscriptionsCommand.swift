import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash subscriptions`: the subscriptions of the database, and deleting them.
struct SubscriptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions", abstract: "List the subscriptions of the database, or delete them.",
        subcommands: [List.self, Delete.self], defaultSubcommand: List.self)

    /// `ckdash subscriptions list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the subscriptions of the database.")

        @Flag(help: "Print the subscriptions as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection, usesDatabase: true) { client, _ in
                let subscriptions = try ItemFailures.successes(of: try await client.allSubscriptions(), kind: "subscription")
                if json {
                    return print(try JSONOutput.string(subscriptions))
                }
                var table = TextTable(headers: ["ID", "TYPE", "ZONE", "RECORD TYPE", "FIRES ON"])
                for subscription in subscriptions {
                    table.rows.append([
                        subscription.subscriptionID ?? "-", subscription.subscriptionType.rawValue, subscription.zoneID?.zoneName ?? "-",
                        subscription.query?.recordType ?? "-", subscription.firesOn?.map(\.rawValue).joined(separator: ", ") ?? "-",
                    ])
                }
                print(table.text, terminator: "")
            }
        }
    }

    /// `ckdash subscriptions delete ID…`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete subscriptions by ID.")

        @Argument(help: "The subscriptions' IDs.")
        var ids: [String]

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection, usesDatabase: true) { client, _ in
                let results = try await client.modifySubscriptions(deleting: ids).deleteResults
                for id in try ItemFailures.successes(of: results, kind: "subscription") {
                    print("Deleted subscription \(id).")
                }
            }
        }
    }
}
