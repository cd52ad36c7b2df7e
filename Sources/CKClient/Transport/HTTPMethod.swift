/// The HTTP methods CloudKit Web Services uses: GET for lists and the current user, POST for everything else.
public enum HTTPMethod: String, Sendable, Hashable {
    case get = "GET"
    case post = "POST"
}
