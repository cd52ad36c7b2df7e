import CKModel

/// Whom an upload is for: the container, environment and database of the `assets/upload` request that asked for
/// its URL, and the caller who sent it. Until a record holds the file, only that caller may save its receipt, and
/// only in that database; once a record holds it, whoever reads the record may save it again there, as
/// `assets/rereference` offers.
public struct UploadOrigin: Hashable, Sendable {
    /// The container of the upload URL.
    public var container: ContainerID
    /// The environment of the request that asked for the URL.
    public var environment: ContainerEnvironment
    /// The database of that request.
    public var database: DatabaseScope
    /// The caller of that request, by user record name (the developer's for a management token or a key).
    public var uploader: String

    /// Creates an origin.
    public init(container: ContainerID, environment: ContainerEnvironment, database: DatabaseScope, uploader: String) {
        self.container = container
        self.environment = environment
        self.database = database
        self.uploader = uploader
    }

    /// The origin a slot or an upload row names in its columns; `nil` for one stored before uploads had an origin.
    init?(stored container: String, environment: String?, database: String?, uploader: String?) {
        guard let container = ContainerID(rawValue: container), let environment = environment.flatMap(ContainerEnvironment.init(rawValue:)),
            let database = database.flatMap(DatabaseScope.init(rawValue:)), let uploader
        else { return nil }
        self.init(container: container, environment: environment, database: database, uploader: uploader)
    }
}
