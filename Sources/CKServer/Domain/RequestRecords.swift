/// What a data API request's credentials name, read together in one transaction before its body: the rules of
/// who the caller is stay with `Authenticator`, which decides from these.
public struct RequestRecords: Sendable {
    /// The container the path names; `nil` when there is none.
    public var container: ContainerInfo?
    /// The container's version (`ServerStorage.version(of:)`), read with everything else.
    public var containerVersion: Int64
    /// The API token or management token the request carries, when stored.
    public var credential: CredentialRecord?
    /// The sign-in of the web auth token the request carries, when live.
    public var signIn: PresentedWebAuthToken?
    /// The user a management token acts as, or else the sign-in's user.
    public var user: UserAccount?

    /// Creates the records of a request.
    public init(container: ContainerInfo?, containerVersion: Int64, credential: CredentialRecord?, signIn: PresentedWebAuthToken?, user: UserAccount?) {
        self.container = container
        self.containerVersion = containerVersion
        self.credential = credential
        self.signIn = signIn
        self.user = user
    }
}
