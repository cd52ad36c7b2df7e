import CKModel
import Foundation
import NIOPosix

/// Signs users in with a password, as the sign-in page does, and sets their passwords.
///
/// A user has no password until the administrator sets one (`ckserver user password`); the page then issues a
/// web auth token like the one `ckserver user create` prints. Wrong guesses are limited by a `SignInThrottle`.
public struct SignInService: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// The shortest and longest password accepted, in characters and bytes.
    static let passwordLengths = (shortest: 8, longestBytes: 1024)

    /// Creates the service over a storage.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// Sets the password the user named `name` signs in with on the sign-in page; `nil` removes it, and the
    /// user can no longer sign in there.
    public func setPassword(_ password: String?, ofUserNamed name: String, in container: ContainerID) async throws -> UserAccount {
        let user = try await UserService(storage: storage, configuration: configuration).existing(named: name, in: container)
        if let password {
            guard password.count >= Self.passwordLengths.shortest, password.utf8.count <= Self.passwordLengths.longestBytes else {
                throw ServerError(
                    .badRequest,
                    reason: "a password has at least \(Self.passwordLengths.shortest) characters and at most \(Self.passwordLengths.longestBytes) bytes")
            }
        }
        try await storage.setPasswordVerifier(try password.map { try PasswordVerifier(password: $0).stored }, ofUser: user.userRecordName, in: container)
        return user
    }

    /// The user named `name` and a new web auth token for them, when `password` is theirs; `SignInFailure`
    /// otherwise. An unknown name costs as long as a wrong password, so timing does not tell which names exist;
    /// the password is checked on NIO's thread pool, so that checks never hold up the threads requests run on.
    func signIn(name: String, password: String, in container: ContainerID, throttle: SignInThrottle) async throws -> (user: UserAccount, webAuthToken: String) {
        guard name.utf8.count <= Self.longestName, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            password.utf8.count <= Self.passwordLengths.longestBytes
        else { throw SignInFailure.wrongNameOrPassword }
        var signedIn: UserAccount?
        let accepted = try await throttle.checking(container.rawValue + "\u{0}" + name) {
            let found = try await storage.signInUser(named: name, in: container)
            let verifier = found?.passwordVerifier.flatMap(PasswordVerifier.init(stored:))
            let checked = verifier ?? Self.stranger
            let matches = try await NIOThreadPool.singleton.runIfActive { checked?.accepts(password) == true }
            guard matches, verifier != nil else { return false }
            signedIn = found?.user
            return true
        }
        guard accepted, let user = signedIn else { throw SignInFailure.wrongNameOrPassword }
        let token = try await CredentialService(storage: storage, configuration: configuration)
            .issueWebAuthToken(container: container, userRecordName: user.userRecordName)
        return (user, token)
    }

    /// The longest user name the page looks up, in bytes; a longer one is no user's.
    static let longestName = 256

    /// What a name without a password is checked against, so that it takes as long as any.
    private static let stranger = try? PasswordVerifier(password: SecretGenerator.apiToken())
}
