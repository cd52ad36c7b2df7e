import AsyncHTTPClient
import CKModel
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Posts an alert event to a rule's webhook as JSON, trying again with a doubling pause (1, 2, 4, 8 seconds)
/// until the receiver answers 2xx or five attempts failed; what became of it goes to the server's log.
struct AlertWebhook: Sendable {
    let logger: Logger
    /// The pause before the second attempt; each next one doubles it.
    var firstPause: Duration = .seconds(1)

    static let attempts = 5

    /// The body posted: the event and the rule it is of.
    struct Delivery: Encodable {
        var event: AlertEvent
        var rule: AlertRule
    }

    /// Delivers `event` of `rule` to `url`; returns whether the receiver took it.
    @discardableResult
    func deliver(_ event: AlertEvent, of rule: AlertRule, to url: String) async -> Bool {
        guard let body = try? JSONEncoder().encode(Delivery(event: event, rule: rule)) else { return false }
        var pause = firstPause
        for attempt in 1...Self.attempts {
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "User-Agent", value: "ckserver")
            request.body = .bytes(ByteBuffer(bytes: body))
            do {
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                if (200..<300).contains(response.status.code) { return true }
                logger.warning("the webhook of alert \(rule.name) answered \(response.status.code) (attempt \(attempt) of \(Self.attempts))")
            } catch {
                logger.warning("the webhook of alert \(rule.name) failed: \(error) (attempt \(attempt) of \(Self.attempts))")
            }
            guard attempt < Self.attempts, (try? await Task.sleep(for: pause)) != nil else { break }
            pause *= 2
        }
        return false
    }
}
