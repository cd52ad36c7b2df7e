import ArgumentParser
import CKModel
import CKServer

/// `ckserver container create ID`.
struct ContainerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "container", abstract: "Create containers.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a container with its development and production environments.")

        @Argument(help: "The container's identifier, such as iCloud.com.example.Party.")
        var id: String

        @Flag(help: "Fill the container with the Party demo app: records, users, a custom zone, a subscription, undeployed schema changes.")
        var demo = false

        @Flag(help: "Fill the container as Core Data writes it, for Demo/Journal.xcdatamodeld: a journal, a zone shared with a second user, production one field short.")
        var journalDemo = false

        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            _ = try ContainerOption.parse(id)
            guard !(demo && journalDemo) else { throw ValidationError("choose --demo or --journal-demo, not both") }
        }

        func run() async throws {
            let containerID = try ContainerOption.parse(id)
            try await runReportingFailures {
                let storage = try await data.openStorage()
                if journalDemo {
                    let summary = try await DemoJournal(storage: storage, configuration: data.configuration).create(containerID)
                    return try output.emit(
                        """
                        created Core Data demo container \(summary.container): \(summary.privateRecords) records of Demo/Journal.xcdatamodeld in \
                        the demo user's zone com.apple.coredata.cloudkit.zone, \(summary.sharedRecords) in a zone shared with guest
                        user demo: userRecordName \(summary.userRecordName)
                        webAuthToken \(summary.webAuthToken)
                        """, json: summary)
                }
                guard demo else {
                    let container = try await ContainerService(storage: storage).create(containerID)
                    try output.emit("created container \(container.id) (development and production)", json: container)
                    return
                }
                let summary = try await DemoContainer(storage: storage, configuration: data.configuration).create(containerID)
                try output.emit(
                    """
                    created demo container \(summary.container): \(summary.publicDevelopmentParties) parties in development and \
                    \(summary.publicProductionParties) in production, \(summary.privateShoeboxes) shoeboxes holding \
                    \(summary.privateReceipts) receipts in the demo user's private zone Receipts
                    user demo: userRecordName \(summary.userRecordName)
                    webAuthToken \(summary.webAuthToken)
                    """, json: summary)
            }
        }
    }
}
