import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// `ckdash notifications`: the developer notifications, newest first, and marking them read.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications", abstract: "List developer notifications (alerts, deploys, resets, tokens and keys), and mark them read.")

    @Flag(help: "Only the unread ones.")
    var unread = false

    @Option(help: ArgumentHelp("Mark these notifications read (their numbers, as listed).", valueName: "number"))
    var read: [Int64] = []

    @Flag(help: "Mark every notification read.")
    var readAll = false

    @Flag(help: "Every container's notifications, not only those of the container given with --container (or CKDASH_CONTAINER).")
    var allContainers = false

    @Option(help: "At most this many notifications.")
    var limit = 50

    @Flag(help: "Print the notifications as JSON lines.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            if readAll || !read.isEmpty {
                try await client.markNotificationsRead(readAll ? nil : read)
                return print(readAll ? "Marked every notification read." : "Marked \(read.count) notification\(read.count == 1 ? "" : "s") read.")
            }
            let page = try await client.developerNotifications(container: allContainers ? nil : settings.container, limit: min(max(limit, 1), 200))
            let notifications = page.notifications.filter { !unread || !$0.read }
            if json { return notifications.forEach { print((try? JSONOutput.line($0)) ?? "") } }
            var table = TextTable(headers: ["#", "TIME", "", "CONTAINER", "NOTIFICATION"])
            for notification in notifications {
                table.rows.append([
                    String(notification.sequence), DisplayTime.text(milliseconds: notification.timestamp), notification.read ? "" : "●",
                    notification.containerID?.rawValue ?? "-", notification.title,
                ])
            }
            print(table.text + "\(page.unread) unread", terminator: "\n")
        }
    }
}
