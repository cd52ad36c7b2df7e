/// Where a web sign-in hands the user's web auth token back to the dashboard: a listener on loopback whose
/// address is the API token's sign-in callback (CloudKit redirects the browser to it with `ckWebAuthToken`).
/// The dashboard itself serves nothing; the program that starts it provides the listener.
public protocol SignInCallback: Sendable {
    /// The callback's address, which the API token's sign-in callback must name.
    var url: String { get }
    /// The next web auth token a sign-in delivered; `nil` once the listener has stopped. Cancelling the waiting
    /// task stops waiting, not the listener.
    func nextToken() async -> String?
}
