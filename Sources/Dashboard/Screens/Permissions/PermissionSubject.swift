import CKModel

/// Whom the permission check asks about: anyone, any signed-in user, or one of the container's users.
enum PermissionSubject {
    case anyone
    case signedIn
    case user(ManagementUsers.User)

    /// The subject as the management API names it.
    var wire: ManagementPermissions.Subject {
        switch self {
        case .anyone: .anyone
        case .signedIn: .signedIn
        case .user(let user): .user(userRecordName: user.userRecordName)
        }
    }

    /// How the screen names the subject.
    var name: String {
        switch self {
        case .anyone: "anyone"
        case .signedIn: "any signed-in user"
        case .user(let user): user.name
        }
    }
}
