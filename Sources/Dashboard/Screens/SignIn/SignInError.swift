/// Why the sign-in cannot start, said on screen in its place.
enum SignInError: Error, CustomStringConvertible {
    /// The server asked for a user without saying where to sign in.
    case noAddress
    /// The session has a user already.
    case alreadySignedIn

    var description: String {
        switch self {
        case .noAddress: "The server wants a signed-in user but names no sign-in page (no redirectURL)."
        case .alreadySignedIn: "A user is signed in already: :db private browses their private database."
        }
    }
}
