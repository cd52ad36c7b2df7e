import CKClient
import CKModel

/// Listens for the notifications of the subscriptions of the user acted as, the way a web app does: a push token
/// created for them and registered (`tokens/create`, `tokens/register`), then its `webcourierURL` long-polled.
struct NotificationsLoader: Sendable {
    let client: CloudKitClient

    /// Creates and registers a push token for the user acted as; returns the URL to poll for its notifications.
    func registerPushToken() async throws -> String {
        let credentials = client.configuration.credentials
        guard credentials.webAuthToken != nil || credentials.actingAsUser != nil else { throw NotificationsError.needsUser }
        let environment = client.configuration.environment.rawValue
        let token = try await client.createToken(apnsEnvironment: environment)
        try await client.registerToken(token.apnsToken, apnsEnvironment: environment)
        return token.webcourierURL
    }

    /// The next notification from `courierURL`; `nil` when the server's wait ran out with none.
    func nextNotification(from courierURL: String) async throws -> SubscriptionNotification? {
        try await client.pollNotification(courierURL: courierURL)
    }
}
