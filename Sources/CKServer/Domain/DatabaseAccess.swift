import CKModel

/// Which database of which container a data API request reaches, and as whom.
public struct DatabaseAccess: Sendable {
    /// The container.
    public var container: ContainerInfo
    /// The environment.
    public var environment: ContainerEnvironment
    /// The database.
    public var database: DatabaseScope
    /// Who the request acts as.
    public var caller: Caller
    /// The address clients reach the server at (`http://host:port`), for the URLs it hands out.
    public var serverURL: String
    /// Whether the credentials only allow reading (a read-only management token, also acting as a user).
    public var isReadOnly: Bool
    /// The ID of the API token the request came with, whose sign-in callback the sign-in page sends users back to.
    public var apiTokenID: String?
    /// For a request with a web auth token, its successor, which the request's save rotates in with its records.
    var webAuthToken: WebAuthTokenHandOver?

    /// Creates an access description.
    public init(
        container: ContainerInfo, environment: ContainerEnvironment, database: DatabaseScope, caller: Caller, serverURL: String,
        isReadOnly: Bool = false, apiTokenID: String? = nil
    ) {
        self.container = container
        self.environment = environment
        self.database = database
        self.caller = caller
        self.serverURL = serverURL
        self.isReadOnly = isReadOnly
        self.apiTokenID = apiTokenID
    }

    /// Refuses a change for credentials that only allow reading, and for anyone who is not signed in.
    public func requireWriter() throws {
        if isReadOnly {
            throw ServerError(.accessDenied, reason: "the management token is read-only")
        }
        if case .world = caller {
            throw ServerError(.authenticationRequired, reason: "request needs authorization", redirectURL: signInURL)
        }
    }

    /// Where a user signs in, for `AUTHENTICATION_REQUIRED`: the sign-in page, naming the API token whose
    /// callback gets the new web auth token.
    public var signInURL: String {
        "\(serverURL)/auth/\(container.id)" + (apiTokenID.map { "?apiTokenID=\($0)" } ?? "")
    }

    /// The signed-in user, or the error CloudKit gives when the request needs one.
    public func requireUser() throws -> UserAccount {
        switch caller {
        case .user(let user):
            return user
        case .world:
            throw ServerError(.authenticationRequired, reason: "request needs authorization", redirectURL: signInURL)
        case .developer:
            throw ServerError(.authenticationFailed, reason: "this needs a signed-in user, not a server key or management token")
        }
    }

    /// The database whose subscriptions the caller manages: the signed-in user's private one, or in the
    /// public database the caller's own subscriptions (the developer's for a key or management token).
    public func subscriptionDatabase() throws -> ZoneKey.Database {
        var database = try databaseKey()
        if self.database == .public {
            guard let owner = caller.userRecordName else {
                throw ServerError(.authenticationRequired, reason: "request needs authorization", redirectURL: signInURL)
            }
            database.ownerRecordName = owner
        }
        return database
    }

    /// The database a request reaches: the public one, or the signed-in user's private or shared one.
    public func databaseKey() throws -> ZoneKey.Database {
        let owner = database == .public ? "" : try requireUser().userRecordName
        return ZoneKey.Database(container: container.id, environment: environment, scope: database, ownerRecordName: owner)
    }

    /// The zone a request names (the default zone when it names none), in the database it reaches: the
    /// public database's, or the signed-in user's private one. A zone of the shared database belongs to another
    /// user and is reached through `ServerStorage.existingZone`, which checks the shares; here it is unknown.
    public func zone(_ zoneID: ZoneID?) throws -> ZoneKey {
        let key = try databaseKey()
        guard database != .shared else {
            let zoneName = zoneID?.zoneName ?? ZoneID.defaultZoneName
            throw ServerError(.zoneNotFound, reason: "no zone \(zoneName) is shared with you")
        }
        return key.zone(zoneID?.zoneName ?? ZoneID.defaultZoneName)
    }
}
