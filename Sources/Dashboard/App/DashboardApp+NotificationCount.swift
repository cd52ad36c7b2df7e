import CKClient
import CKModel
import Foundation
import TerminalKit

extension DashboardApp {
    /// How often the run loop asks again how many developer notifications are unread.
    static let notificationCountInterval: Duration = .seconds(30)

    /// Asks the server how many developer notifications are unread, for the header; a server that cannot say (a
    /// token without the right, an older server) leaves the header without a count.
    func refreshNotificationCount() {
        guard configuration.hasManagementAPI else { return }
        let client = configuration.client
        lastNotificationCount = .now
        work.start({ try await client.developerNotifications(limit: 1).unread }) { [weak self] result in
            self?.unreadNotifications = (try? result.get()) ?? 0
        }
    }

    /// Asks again once `notificationCountInterval` has passed since the last time; the run loop calls it.
    func refreshNotificationCountWhenDue() {
        if ContinuousClock.now - lastNotificationCount >= Self.notificationCountInterval { refreshNotificationCount() }
    }
}
