import CKModel

/// A user as the data API shows them: their identity (a name only when discoverable), and whether it is the
/// signed-in user.
struct DiscoveredUser: Equatable, Sendable {
    var identity: UserIdentity
    var isCaller: Bool

    /// The name the identity gives, when the user is discoverable.
    var name: String? {
        let parts = [identity.nameComponents?.givenName, identity.nameComponents?.familyName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? identity.nameComponents?.nickname : parts.joined(separator: " ")
    }
}
