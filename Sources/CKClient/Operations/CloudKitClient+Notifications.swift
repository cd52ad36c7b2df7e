import CKModel

extension CloudKitClient {
    /// Waits for the next notification sent to a push token by long-polling its `webcourierURL` (from
    /// `createToken(apnsEnvironment:)`, once `registerToken(_:apnsEnvironment:)` registered the token): the
    /// notification, or `nil` when the server's wait ran out with nothing to send (an empty answer) or this
    /// client's request timeout passed first. Call it again for the next one; cancelling the task stops the wait.
    /// - Parameter courierURL: The `webcourierURL`, which carries its own authorization.
    public func pollNotification(courierURL: String) async throws -> SubscriptionNotification? {
        let response: TransportResponse
        do {
            response = try await sendUnauthenticated(.get, url: courierURL)
        } catch CloudKitClientError.transport(.timedOut, _) {
            return nil
        }
        guard response.body.contains(where: { !Self.jsonWhitespace.contains($0) }) else { return nil }
        return try Self.decode(SubscriptionNotification.self, from: response, operation: "webcourierURL")
    }

    /// Space, tab, line feed and carriage return: what an empty courier answer may hold.
    private static let jsonWhitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
}
