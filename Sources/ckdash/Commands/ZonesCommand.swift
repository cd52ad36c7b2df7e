import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash zones`: the zones of the database, and creating and deleting custom zones.
struct ZonesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zones", abstract: "List the zones of the database, or create and delete custom zones.",
        subcommands: [List.self, Create.self, Delete.self], defaultSubcommand: List.self)

    /// `ckdash zones list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the zones of the database with their sync tokens.")

        @Flag(help: "Print the zones as JSON.")
        var json = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection, usesDatabase: true) { client, _ in
                let zones = try ItemFailures.successes(of: try await client.allZones(), kind: "zone")
                if json {
                    return print(try JSONOutput.string(zones))
                }
                var table = TextTable(headers: ["ZONE", "OWNER", "SYNC TOKEN"])
                for zone in zones {
                    table.rows.append([zone.zoneID.zoneName, zone.zoneID.ownerRecordName ?? "-", zone.syncToken ?? "-"])
                }
                print(table.text, terminator: "")
            }
        }
    }

    /// `ckdash zones create NAME…`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create custom zones.")

        @Argument(help: "The zones' names.")
        var names: [String]

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            try await ServerSession.run(connection, usesDatabase: true) { client, _ in
                let results = try await client.modifyZones(saving: names.map { ZoneID(zoneName: $0) }).saveResults
                for zone in try ItemFailures.successes(of: results, kind: "zone") {
                    print("Created zone \(zone.zoneID.zoneName).")
                }
            }
        }
    }

    /// `ckdash zones delete NAME… --yes`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete custom zones with every record in them.")

        @Argument(help: "The zones' names.")
        var names: [String]

        @Flag(help: "Confirm that the zones and their records go.")
        var yes = false

        @OptionGroup(title: "Server")
        var connection: ConnectionOptions

        func run() async throws {
            guard yes else {
                throw ValidationError("deleting a zone deletes every record in it: pass --yes to confirm")
            }
            try await ServerSession.run(connection, usesDatabase: true) { client, _ in
                let results = try await client.modifyZones(deleting: names.map { ZoneID(zoneName: $0) }).deleteResults
                for zone in try ItemFailures.successes(of: results, kind: "zone") {
                    print("Deleted zone \(zone.zoneName).")
                }
            }
        }
    }
}
