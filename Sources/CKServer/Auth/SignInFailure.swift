/// Why the sign-in page did not sign someone in, as the page says it.
enum SignInFailure: Error, Equatable, CustomStringConvertible {
    /// No such user, no password set for them, or another password: the page does not say which.
    case wrongNameOrPassword
    /// Too many wrong passwords for the name lately.
    case tooManyFailures(minutes: Int)
    /// As many passwords are being checked as the server allows at once.
    case busy
    /// The form lacks the name or the password, or is not a form.
    case incompleteForm
    /// The sign-in link names an API token the container does not have (revoked, or mistyped).
    case unknownAPIToken

    /// How many seconds to wait before trying again, for `Retry-After`, where waiting helps.
    var retryAfter: Int? {
        switch self {
        case .tooManyFailures(let minutes): minutes * 60
        case .busy: 1
        case .wrongNameOrPassword, .incompleteForm, .unknownAPIToken: nil
        }
    }

    var description: String {
        switch self {
        case .wrongNameOrPassword: "The name or the password is wrong."
        case .tooManyFailures(let minutes): "Too many wrong passwords for this name: try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
        case .busy: "The server is checking other sign-ins: try again in a moment."
        case .incompleteForm: "Give your name and your password."
        case .unknownAPIToken: "This sign-in link names an API token the container does not have: it was revoked, or the link is wrong."
        }
    }
}
