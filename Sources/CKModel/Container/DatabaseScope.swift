/// Which database of an environment a request is about.
public enum DatabaseScope: String, CaseIterable, Hashable, Sendable, Codable {
    /// Shared by every user of the app.
    case `public`
    /// One per user, visible to that user only.
    case `private`
    /// One per user: the zones other users shared with them.
    case shared
}
