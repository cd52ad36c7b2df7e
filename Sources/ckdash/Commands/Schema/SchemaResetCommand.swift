import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash schema reset`: delete development's data and set its schema back to production's, as
/// `cktool reset-schema` does, after showing what goes.
struct SchemaResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete all development records of the container and set its schema back to production's.",
        discussion: """
            Shows the records per type that will be deleted and the schema changes, and asks for the \\
            container name to be typed (or pass --yes). Production is not touched.
            """)

    @Flag(help: "Only show what would be deleted.")
    var dryRun = false

    @Flag(help: "Do not ask.")
    var yes = false

    @Flag(help: "Print the answer as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            let container = try settings.requireContainer()
            let preview = try await client.resetDevelopment(dryRun: true)
            if dryRun || !(json || yes) {
                report(preview, container: container, json: json, heading: "Resetting development of \(container) would delete:")
            }
            guard !dryRun else { return }
            if !yes {
                try Confirmation.requireTyped(
                    container.rawValue, prompt: "This deletes every development record, zone and subscription of \(container).",
                    scriptHint: "pass --yes to reset development")
            }
            let reset = try await client.resetDevelopment()
            report(reset, container: container, json: json, heading: "Reset development of \(container); deleted:")
        }
    }

    private func report(_ answer: ManagementSchema.ResetResponse, container: ContainerID, json: Bool, heading: String) {
        if json {
            return print((try? JSONOutput.string(answer)) ?? "{}")
        }
        print(heading)
        let total = answer.records.reduce(0) { $0 + $1.records }
        print("  \(ProgressLine.grouped(total)) record\(total == 1 ? "" : "s")" + (answer.records.isEmpty ? "" : ":"))
        for count in answer.records {
            print("    \(count.recordType): \(ProgressLine.grouped(count.records))")
        }
        if answer.changes.isEmpty {
            print("  no schema changes: development's schema is production's")
        } else {
            print("  schema changes back to production's:")
            for change in answer.changes {
                print("    \(change.summary)")
            }
        }
    }
}
