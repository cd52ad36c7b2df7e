/// Who a data API request acts as, once its credentials are checked.
public enum Caller: Hashable, Sendable {
    /// An API token alone: anyone, the `_world` role, public database only.
    case world
    /// A signed-in user (web auth token, or a management token acting as the user), with their roles.
    case user(UserAccount)
    /// The container's developer (a server-to-server key or a management token): no role checks.
    case developer(userRecordName: String)

    /// The `userRecordName` the request acts as, if any.
    public var userRecordName: String? {
        switch self {
        case .world: nil
        case .user(let user): user.userRecordName
        case .developer(let name): name
        }
    }
}
