/// One of a container's two environments, each with its own schema and data.
public enum ContainerEnvironment: String, CaseIterable, Hashable, Sendable, Codable {
    /// Reached by development builds and the console; its schema changes by just-in-time creation and edits.
    case development
    /// Reached by released apps; its schema changes only by deploying development's.
    case production
}
